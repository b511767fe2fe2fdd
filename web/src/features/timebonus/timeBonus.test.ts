import { describe, expect, it } from 'vitest'
import {
  SIGNUP_SLACK_MS,
  TIME_BONUS_CODE,
  activeDiscount,
  formatCountdown,
  mayHaveTimeBonus,
  remainingSeconds,
  showTimeBonusModal,
  TIME_BONUS_MODAL_EVERY_MS,
  timeBonusModalOpenedAt,
  timeBonusOffer,
} from './timeBonus'

const signup = '2026-05-01T10:00:00Z'
const t0 = Date.parse(signup)
const bonus = (validity: number | null, expired = false) => ({ code: TIME_BONUS_CODE, value_percentage: 25, validity, expired })

describe('time bonus', () => {
  it('is asked of the server for unpaid members, unless they signed up long before the window', () => {
    expect(TIME_BONUS_CODE).toBe('TIMEBONUS25')
    const member = { paid_user: false, signup_date: signup }
    expect(mayHaveTimeBonus(member, t0 + 1000)).toBe(true)
    // A browser clock a few hours off still asks: the server decides.
    expect(mayHaveTimeBonus(member, t0 + 14_400_000 + 3 * 3600_000)).toBe(true)
    expect(mayHaveTimeBonus(member, t0 + 14_400_000 + SIGNUP_SLACK_MS)).toBe(false)
    expect(mayHaveTimeBonus({ paid_user: true, signup_date: signup }, t0 + 1000)).toBe(false)
    expect(mayHaveTimeBonus({ paid_user: false, signup_date: 'garbage' }, t0)).toBe(true)
    expect(mayHaveTimeBonus(null, t0)).toBe(false)
  })

  it("ends when the server's seconds left run out, whatever the browser's clock says of the signup", () => {
    // The browser's clock is a day ahead of the server's: the countdown is still the server's.
    const received = t0 + 24 * 3600_000
    const offer = timeBonusOffer(bonus(14_399), received)
    expect(offer).toEqual({ code: TIME_BONUS_CODE, percentage: 25, expiresAt: received + 14_399_000 })
    expect(remainingSeconds(offer!, received)).toBe(14_399)
    expect(timeBonusOffer(bonus(1), received)).not.toBeNull()
    expect(timeBonusOffer(bonus(0, true), received)).toBeNull()
    expect(timeBonusOffer(bonus(0), received)).toBeNull()
    expect(timeBonusOffer(bonus(null), received)).toBeNull()
    expect(timeBonusOffer(null, received)).toBeNull()
  })

  it('counts down in hours:minutes:seconds', () => {
    const offer = timeBonusOffer(bonus(14_400), t0)!
    expect(remainingSeconds(offer, t0)).toBe(14_400)
    expect(formatCountdown(remainingSeconds(offer, t0))).toBe('04:00:00')
    expect(formatCountdown(remainingSeconds(offer, t0 + 1000))).toBe('03:59:59')
    expect(formatCountdown(61)).toBe('00:01:01')
    expect(remainingSeconds(offer, t0 + 20_000_000)).toBe(0)
  })

  it('pops up only at 0 credits, and once a day at most', () => {
    const day = TIME_BONUS_MODAL_EVERY_MS
    expect(showTimeBonusModal(true, 0, null, t0)).toBe(true)
    expect(showTimeBonusModal(true, 5, null, t0)).toBe(false)
    expect(showTimeBonusModal(false, 0, null, t0)).toBe(false)
    // opened (answered or not): not again the same day, again a day later
    expect(showTimeBonusModal(true, 0, t0, t0 + 60_000)).toBe(false)
    expect(showTimeBonusModal(true, 0, t0, t0 + day - 1)).toBe(false)
    expect(showTimeBonusModal(true, 0, t0, t0 + day)).toBe(true)
    // a stored time in the future (a clock set back) does not shut it for good
    expect(showTimeBonusModal(true, 0, t0 + day, t0)).toBe(true)
  })

  it('reads the stored opening time', () => {
    expect(timeBonusModalOpenedAt(null)).toBeNull()
    expect(timeBonusModalOpenedAt('')).toBeNull()
    expect(timeBonusModalOpenedAt('soon')).toBeNull()
    expect(timeBonusModalOpenedAt(String(t0))).toBe(t0)
  })

  it('prefers the time bonus over the welcome code', () => {
    const offer = timeBonusOffer(bonus(14_400), t0)
    expect(activeDiscount(offer, { code: 'WELCOME', percentage: 25 })?.code).toBe('TIMEBONUS25')
    expect(activeDiscount(null, { code: 'WELCOME', percentage: 25 })?.code).toBe('WELCOME')
    expect(activeDiscount(null, null)).toBeNull()
  })
})
