// How a member's last activity reads on cards and the profile ("Online
// now", "Active 3 hours ago"). The server decides what may be shown: online
// is its verdict, and last_active_at is null for members whose activity is
// hidden (invisible members, house profiles).

/** Activity is what cards and member.php carry of a member's activity. */
export interface Activity {
  online?: boolean
  last_active_at?: string | null
}

/** ActivityText names a catalogue key (activity.*) and the count its plural takes. */
export type ActivityText = { key: 'activity.online' } | { key: 'activity.longAgo' } | { key: `activity.${Unit}`; count: number }

type Unit = 'minutes' | 'hours' | 'days' | 'weeks' | 'months'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * activityText is the label of a member's activity at now, or null when
 * there is nothing to show. A time slightly in the future (clock skew)
 * counts as a minute ago.
 */
export function activityText(a: Activity, now: number): ActivityText | null {
  if (a.online) return { key: 'activity.online' }
  if (!a.last_active_at) return null
  const at = Date.parse(a.last_active_at)
  if (!Number.isFinite(at)) return null
  const ago = Math.max(now - at, 0)
  const count = (unit: number) => Math.max(1, Math.floor(ago / unit))
  if (ago < HOUR) return { key: 'activity.minutes', count: count(MINUTE) }
  if (ago < DAY) return { key: 'activity.hours', count: count(HOUR) }
  if (ago < 7 * DAY) return { key: 'activity.days', count: count(DAY) }
  if (ago < 30 * DAY) return { key: 'activity.weeks', count: count(7 * DAY) }
  if (ago < 365 * DAY) return { key: 'activity.months', count: count(30 * DAY) }
  return { key: 'activity.longAgo' }
}
