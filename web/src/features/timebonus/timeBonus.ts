// The welcome time bonus.
import type { User } from '../../boot/types'

export const TIME_BONUS_SECONDS = 14_400
export const TIME_BONUS_CODE = 'TIMEBONUS25'
export const TIME_BONUS_PERCENT = 25
export const COUNTDOWN_TICK_MS = 1000
/** In the members area the time-bonus modal waits this long. */
export const TIME_BONUS_MODAL_DELAY_MS = 40_000

export interface TimeBonusOffer {
  code: string
  percentage: number
  /**
   * expiresAt is when the offer ends, in ms of this browser's clock: the
   * server's seconds left (validity) counted from when its answer came,
   * so a browser clock that is off does not move the end.
   */
  expiresAt: number
}

/**
 * SIGNUP_SLACK_MS is how far the browser's clock may be off before it
 * skips asking about the offer: the browser only saves the call for
 * members who signed up long ago; whether the offer holds and how long it
 * lasts is the server's word (discountcode.php).
 */
export const SIGNUP_SLACK_MS = 24 * 3600 * 1000

/**
 * mayHaveTimeBonus: only a logged-in member who is not a paid user and
 * signed up less than 14400 s ago has the offer. The browser asks the server
 * unless the member is paid or, even allowing for a wrong clock
 * (SIGNUP_SLACK_MS), signed up long before the window.
 */
export function mayHaveTimeBonus(user: Pick<User, 'paid_user' | 'signup_date'> | null, now: number): boolean {
  if (!user || user.paid_user) return false
  const signup = Date.parse(user.signup_date)
  if (Number.isNaN(signup)) return true
  return now < signup + TIME_BONUS_SECONDS * 1000 + SIGNUP_SLACK_MS
}

/** TimeBonusCode is the part of discountcode.php's answer the offer needs. */
export interface TimeBonusCode {
  code: string
  value_percentage: number
  validity: number | null
  expired: boolean
}

/**
 * timeBonusOffer is the offer from the server's answer for TIMEBONUS25,
 * received at receivedAt (this browser's clock): null when the code has
 * ended for the member or has no end (not a time bonus).
 */
export function timeBonusOffer(code: TimeBonusCode | null, receivedAt: number): TimeBonusOffer | null {
  if (!code || code.expired || code.validity === null || code.validity <= 0) return null
  return { code: code.code, percentage: code.value_percentage, expiresAt: receivedAt + code.validity * 1000 }
}

/** remainingSeconds is what the countdown shows, 0 when over. */
export const remainingSeconds = (offer: TimeBonusOffer, now: number): number =>
  Math.max(0, Math.ceil((offer.expiresAt - now) / 1000))

/** formatCountdown shows hours:minutes:seconds. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`
}

/** TIME_BONUS_MODAL_EVERY_MS: the offer's modal opens once in this long at most (the banner reminds meanwhile). */
export const TIME_BONUS_MODAL_EVERY_MS = 24 * 3600 * 1000

/**
 * showTimeBonusModal: the offer is visible, the member has 0 credits and
 * the modal did not open in the last TIME_BONUS_MODAL_EVERY_MS (openedAt:
 * when it last opened, ms, or null). Opening counts, answered or not, so a
 * visit, a reload or the swipe game does not bring it back. A brand that
 * grants signup credits still reaches its members: the banner shows from the
 * signup on whatever the balance, and the modal once the signup credits are
 * spent while the offer lasts.
 */
export function showTimeBonusModal(visible: boolean, credits: number, openedAt: number | null, now: number): boolean {
  return visible && credits === 0 && (openedAt === null || now - openedAt >= TIME_BONUS_MODAL_EVERY_MS || now < openedAt)
}

/** timeBonusModalOpenedAt reads when the modal last opened from its stored value (ms), or null. */
export function timeBonusModalOpenedAt(stored: string | null): number | null {
  const ms = Number(stored)
  return stored && Number.isFinite(ms) && ms > 0 ? ms : null
}

export interface Discount {
  code: string
  percentage: number
}

/** activeDiscount: the time bonus when there is one, otherwise the welcome discount code. */
export function activeDiscount(timeBonus: TimeBonusOffer | null, welcome: Discount | null): Discount | null {
  return timeBonus ? { code: timeBonus.code, percentage: timeBonus.percentage } : welcome
}

/**
 * TIME_BONUS_MODAL_KEY keeps when the modal last opened (local storage). The
 * name is from when it kept the dismissal: a time stored then (dismissed,
 * so opened) still counts.
 */
export const TIME_BONUS_MODAL_KEY = 'rdv_time_bonus_modal_dismissed_at'
