import type { User } from '../boot/types'
import type { PushState } from '../state/store'

/** Alerts for the logged-in member (SPEC.md section 4). */
export type AlertKind = 'timeBonus' | 'profilePhoto' | 'push' | 'notificationsDisabled'

const key = (kind: AlertKind) => `rdv_alert_${kind}_dismissed_at`

export function dismissAlert(storage: Pick<Storage, 'setItem'> | null, kind: AlertKind, now = Date.now()): void {
  try {
    storage?.setItem(key(kind), String(now))
  } catch {
    // storage unavailable: the alert comes back next visit
  }
}

export function alertDismissedAt(storage: Pick<Storage, 'getItem'> | null, kind: AlertKind): number | null {
  try {
    const v = Number(storage?.getItem(key(kind)))
    return v > 0 ? v : null
  } catch {
    return null
  }
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

/** visibleAlerts lists the alerts a member sees, minus the dismissed ones. */
export function visibleAlerts(
  user: User | null,
  push: PushState,
  storage: Pick<Storage, 'getItem'> | null,
  timeBonusVisible = false,
): AlertKind[] {
  if (!user) return []
  const out: AlertKind[] = []
  if (timeBonusVisible) out.push('timeBonus')
  if (user.profile && !user.profile.main_image) out.push('profilePhoto')
  if (push.capability && push.subscription === false) out.push('push')
  if (user.notifications_disabled && user.notifications_disabled.length > 0) out.push('notificationsDisabled')
  return out.filter((k) => alertDismissedAt(storage, k) === null)
}
