// The welcome time bonus.
// Whether a member may have it is offerWindow.ts's: the store asks it at
// the first render, the rest comes with the member's code.
export { SIGNUP_SLACK_MS, TIME_BONUS_SECONDS, mayHaveTimeBonus } from './offerWindow'

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
