import { describe, expect, it, vi } from 'vitest'
import { enCatalogue } from '../../test/enCatalogue'
import type { Order, OrderStatus } from './api'
import {
  POLL_MAX_CHECKS,
  POLL_MAX_DELAY_MS,
  badgeKey,
  becamePremium,
  canRetry,
  chosenMethod,
  findPackage,
  isLowBalance,
  methodsOf,
  paymentPath,
  pollDelay,
  pollPayment,
} from './rules'

describe('payment methods', () => {
  it('lists the methods a country offers that the app knows, in the given order, once', () => {
    expect(methodsOf({ methods: ['ideal', 'creditcard', 'paypal', 'applepay', 'sct'] })).toEqual(['ideal', 'creditcard', 'paypal', 'applepay', 'sct'])
    expect(methodsOf({ methods: ['bancontact', 'ideal', 'bitcoin', 'ideal'] })).toEqual(['bancontact', 'ideal'])
    expect(methodsOf({ methods: [] })).toEqual([])
    expect(methodsOf(null)).toEqual([])
  })

  it('keeps the method of the route only when the country offers it', () => {
    const nl = methodsOf({ methods: ['ideal', 'creditcard'] })
    const be = methodsOf({ methods: ['bancontact', 'creditcard'] })
    expect(chosenMethod(nl, 'ideal')).toBe('ideal')
    expect(chosenMethod(be, 'ideal')).toBeNull()
    expect(chosenMethod(be, undefined)).toBeNull()
  })

  it('names every method in the catalogue', () => {
    const names = (enCatalogue.paymentMethod as Record<string, Record<string, string>>).methods
    for (const m of methodsOf({ methods: Object.keys(names) })) expect(names[m]).toBeTruthy()
    expect(Object.keys(names)).toHaveLength(24)
  })
})

describe('packages', () => {
  const pkgs = {
    packages: [
      { id: 'starter', credits: 100, amount: 1995, currency: 'EUR', badge: null },
      { id: 'popular', credits: 250, amount: 3995, currency: 'EUR', badge: 'popular' as const },
    ],
  }
  it('finds the package of the route', () => {
    expect(findPackage(pkgs, 'popular')?.credits).toBe(250)
    expect(findPackage(pkgs, 'gold')).toBeNull()
    expect(findPackage(null, 'popular')).toBeNull()
  })
  it('translates the two badges and nothing else', () => {
    expect(badgeKey('popular')).toBe('credits.badges.popular')
    expect(badgeKey('best value')).toBe('credits.badges.bestValue')
    expect(badgeKey(null)).toBeNull()
    expect(badgeKey('cheap')).toBeNull()
    const badges = (enCatalogue.credits as Record<string, Record<string, string>>).badges
    expect([badges.popular, badges.bestValue]).toEqual(['Popular', 'Best value'])
  })
  it('hints at a low balance at 10 credits or fewer', () => {
    expect(isLowBalance(0)).toBe(true)
    expect(isLowBalance(10)).toBe(true)
    expect(isLowBalance(11)).toBe(false)
  })
  it('builds the payment route', () => {
    expect(paymentPath('popular')).toBe('/credits/popular')
    expect(paymentPath('popular', 'ideal')).toBe('/credits/popular/ideal')
    expect(paymentPath('a b')).toBe('/credits/a%20b')
  })
})

const order = (status: OrderStatus): Order => ({
  payment_id: 'p1',
  order_id: 1,
  status,
  credits: 100,
  amount: 1995,
  currency: 'EUR',
  package_id: 'starter',
  paymentmethod: 'ideal',
})

describe('polling a payment', () => {
  it('backs off from 1 s, doubling, to at most 8 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10, 50].map(pollDelay)).toEqual([1000, 2000, 4000, 8000, 8000, 8000, 8000, 8000])
    expect(Math.max(...Array.from({ length: POLL_MAX_CHECKS }, (_, i) => pollDelay(i)))).toBe(POLL_MAX_DELAY_MS)
  })

  it('stops as soon as the payment is settled', async () => {
    const answers: OrderStatus[] = ['pending', 'pending', 'completed', 'pending']
    const check = vi.fn(() => Promise.resolve(order(answers.shift()!)))
    const sleep = vi.fn(async () => {})
    const seen: number[] = []
    const out = await pollPayment(check, sleep, (_, n) => seen.push(n))
    expect(out).toEqual({ kind: 'settled', order: order('completed') })
    expect(check).toHaveBeenCalledTimes(3)
    expect(sleep.mock.calls).toEqual([[1000], [2000]])
    expect(seen).toEqual([1, 2, 3])
  })

  it.each(['failed', 'cancelled', 'expired', 'completed'] as const)('does not wait on a payment that is already %s', async (status) => {
    const sleep = vi.fn(async () => {})
    const out = await pollPayment(() => Promise.resolve(order(status)), sleep, () => {})
    expect(out.kind).toBe('settled')
    expect(sleep).not.toHaveBeenCalled()
  })

  it('gives up after the last check, having waited a bounded time', async () => {
    const check = vi.fn(() => Promise.resolve(order('pending')))
    const waits: number[] = []
    const out = await pollPayment(check, (ms) => Promise.resolve(void waits.push(ms)), () => {})
    expect(out).toEqual({ kind: 'gaveUp', order: order('pending') })
    expect(check).toHaveBeenCalledTimes(POLL_MAX_CHECKS)
    expect(waits).toHaveLength(POLL_MAX_CHECKS - 1)
    const total = waits.reduce((a, b) => a + b, 0)
    expect(total).toBeLessThanOrEqual(3 * 60_000)
  })

  it('stops when its sleep is aborted', async () => {
    const check = vi.fn(() => Promise.resolve(order('pending')))
    await expect(pollPayment(check, () => Promise.reject(new Error('aborted')), () => {})).rejects.toThrow('aborted')
    expect(check).toHaveBeenCalledTimes(1)
  })
})

describe('after a payment', () => {
  it('retries failed, cancelled and expired orders only', () => {
    expect((['pending', 'completed', 'failed', 'cancelled', 'expired'] as const).filter(canRetry)).toEqual(['failed', 'cancelled', 'expired'])
  })
  it('says "premium now" when the purchase made the member premium', () => {
    expect(becamePremium(false, true, null)).toBe(true)
    expect(becamePremium(null, true, 1)).toBe(true)
    expect(becamePremium(true, true, 3)).toBe(false)
    expect(becamePremium(true, true, null)).toBe(false)
    expect(becamePremium(false, false, 1)).toBe(false)
  })
  it('keeps the payment failure text word for word', () => {
    expect((enCatalogue.payment as Record<string, string>).failed).toBe('Payment failed or has been cancelled.')
  })
})
