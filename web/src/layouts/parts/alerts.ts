import type { User } from '../../boot/types'
import type { PushState } from '../../state/store'

/** Alerts for the logged-in member. */
export type AlertKind = 'timeBonus' | 'profilePhoto' | 'push' | 'notificationsDisabled'

/** The server's name of each alert (POST /api/alerts.php, the user's dismissed_alerts). */
export const SERVER_ALERTS = {
  timeBonus: 'time_bonus',
  profilePhoto: 'profile_photo',
  push: 'push',
  notificationsDisabled: 'notifications_disabled',
  activation: 'activation',
} as const

export type DismissibleAlert = keyof typeof SERVER_ALERTS

/** alertDismissedAt is when the member dismissed an alert (stored on the server), or null. */
export function alertDismissedAt(user: Pick<User, 'dismissed_alerts'> | null, kind: DismissibleAlert): number | null {
  const at = user?.dismissed_alerts?.[SERVER_ALERTS[kind]]
  if (!at) return null
  const ms = Date.parse(at)
  return Number.isNaN(ms) ? null : ms
}

/** withDismissal is the member with an alert dismissed now, until the server's user comes back. */
export function withDismissal<U extends Pick<User, 'dismissed_alerts'>>(user: U, kind: DismissibleAlert, now = Date.now()): U {
  return { ...user, dismissed_alerts: { ...(user.dismissed_alerts ?? {}), [SERVER_ALERTS[kind]]: new Date(now).toISOString() } }
}

/**
 * needsActivationReminder: status not_confirmed, profile disabled and no
 * disabled notifications.
 */
export function needsActivationReminder(user: User | null): boolean {
  return (
    !!user &&
    user.status === 'not_confirmed' &&
    user.profile?.status === 'disabled' &&
    !(user.notifications_disabled && user.notifications_disabled.length > 0)
  )
}

/**
 * needsPhoto: the member has no photo others see and none waiting for
 * moderation (a pending photo is not the main image yet, but asking for one
 * again would only confuse).
 */
export function needsPhoto(user: Pick<User, 'profile'> | null): boolean {
  const p = user?.profile
  return !!p && !p.main_image && !(p.photos ?? []).some((ph) => ph.status === 'pending')
}

/** visibleAlerts lists the alerts a member sees, minus the dismissed ones. */
export function visibleAlerts(user: User | null, push: PushState, timeBonusVisible = false): AlertKind[] {
  if (!user) return []
  const out: AlertKind[] = []
  if (timeBonusVisible) out.push('timeBonus')
  if (needsPhoto(user)) out.push('profilePhoto')
  if (push.capability && push.subscription === false) out.push('push')
  if (user.notifications_disabled && user.notifications_disabled.length > 0) out.push('notificationsDisabled')
  return out.filter((k) => alertDismissedAt(user, k) === null)
}
