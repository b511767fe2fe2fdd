import { describe, expect, it } from 'vitest'
import { likeModalDelay } from './likeModal'
import {
  TIME_BONUS_CODE,
  activeDiscount,
  formatCountdown,
  remainingSeconds,
  showTimeBonusModal,
  timeBonusOffer,
} from './timeBonus'

const signup = '2026-05-01T10:00:00Z'
const t0 = Date.parse(signup)

describe('time bonus', () => {
  it('is offered to unpaid members for 14400 s after signup', () => {
    const offer = timeBonusOffer({ paid_user: false, signup_date: signup }, t0 + 1000)
    expect(offer).toEqual({ code: TIME_BONUS_CODE, percentage: 25, expiresAt: t0 + 14_400_000 })
    expect(TIME_BONUS_CODE).toBe('TIMEBONUS25')
    expect(timeBonusOffer({ paid_user: false, signup_date: signup }, t0 + 14_399_999)).not.toBeNull()
    expect(timeBonusOffer({ paid_user: false, signup_date: signup }, t0 + 14_400_000)).toBeNull()
    expect(timeBonusOffer({ paid_user: true, signup_date: signup }, t0 + 1000)).toBeNull()
    expect(timeBonusOffer(null, t0)).toBeNull()
  })

  it('counts down in hours:minutes:seconds', () => {
    const offer = timeBonusOffer({ paid_user: false, signup_date: signup }, t0)!
    expect(remainingSeconds(offer, t0)).toBe(14_400)
    expect(formatCountdown(remainingSeconds(offer, t0))).toBe('04:00:00')
    expect(formatCountdown(remainingSeconds(offer, t0 + 1000))).toBe('03:59:59')
    expect(formatCountdown(61)).toBe('00:01:01')
    expect(remainingSeconds(offer, t0 + 20_000_000)).toBe(0)
  })

  it('pops up only at 0 credits and before a dismissal', () => {
    expect(showTimeBonusModal(true, 0, false)).toBe(true)
    expect(showTimeBonusModal(true, 5, false)).toBe(false)
    expect(showTimeBonusModal(true, 0, true)).toBe(false)
    expect(showTimeBonusModal(false, 0, false)).toBe(false)
  })

  it('prefers the time bonus over the welcome code', () => {
    const offer = timeBonusOffer({ paid_user: false, signup_date: signup }, t0)
    expect(activeDiscount(offer, { code: 'WELCOME', percentage: 25 })?.code).toBe('TIMEBONUS25')
    expect(activeDiscount(null, { code: 'WELCOME', percentage: 25 })?.code).toBe('WELCOME')
    expect(activeDiscount(null, null)).toBeNull()
  })
})

describe('like modal delay', () => {
  it('takes a positive number of seconds from t', () => {
    expect(likeModalDelay('3')).toBe(3000)
    expect(likeModalDelay('0.5')).toBe(500)
    expect(likeModalDelay('0')).toBeNull()
    expect(likeModalDelay('-2')).toBeNull()
    expect(likeModalDelay('abc')).toBeNull()
    expect(likeModalDelay(null)).toBeNull()
  })
})
