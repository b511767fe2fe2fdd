// The welcome time bonus (SPEC.md sections 4 and 9).
import type { User } from '../boot/types'

export const TIME_BONUS_SECONDS = 14_400
export const TIME_BONUS_CODE = 'TIMEBONUS25'
export const TIME_BONUS_PERCENT = 25
export const COUNTDOWN_TICK_MS = 1000
/** In the members area the time-bonus modal waits this long. */
export const TIME_BONUS_MODAL_DELAY_MS = 40_000

export interface TimeBonusOffer {
  code: string
  percentage: number
  /** expiresAt is when the offer ends, in ms since the epoch. */
  expiresAt: number
}

/**
 * timeBonusOffer loads the offer for a member: only a logged-in member who
 * is not a paid user and signed up less than 14400 s ago has one. Called with
 * null (logout) it clears the offer.
 */
export function timeBonusOffer(user: Pick<User, 'paid_user' | 'signup_date'> | null, now: number): TimeBonusOffer | null {
  if (!user || user.paid_user) return null
  const signup = Date.parse(user.signup_date)
  if (Number.isNaN(signup)) return null
  const expiresAt = signup + TIME_BONUS_SECONDS * 1000
  if (now >= expiresAt || now < signup - 60_000) return null
  return { code: TIME_BONUS_CODE, percentage: TIME_BONUS_PERCENT, expiresAt }
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

/** showTimeBonusModal: the offer is visible, the member has 0 credits and never dismissed it. */
export function showTimeBonusModal(visible: boolean, credits: number, dismissed: boolean): boolean {
  return visible && credits === 0 && !dismissed
}

export interface Discount {
  code: string
  percentage: number
}

/** activeDiscount: the time bonus when there is one, otherwise the welcome discount code. */
export function activeDiscount(timeBonus: TimeBonusOffer | null, welcome: Discount | null): Discount | null {
  return timeBonus ? { code: timeBonus.code, percentage: timeBonus.percentage } : welcome
}

export const TIME_BONUS_MODAL_KEY = 'rdv_time_bonus_modal_dismissed_at'
