import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { boot, user } from '../../test/fixtures'
import { jsonResponse, renderApp, until } from '../../test/render'
import type { Card, Order, OrderStatus, Packages } from './api'
import { leaveFor } from './leave'
import { isCardMethod, repeatOutcome } from './repeat'

vi.mock('./leave', () => ({ leaveFor: vi.fn() }))

vi.setConfig({ testTimeout: 20_000 })

const packages: Packages = {
  country: 'NL',
  countries: ['NL'],
  currency: 'EUR',
  packages: [
    { id: 'starter', credits: 100, amount: 1995, currency: 'EUR', badge: null },
    { id: 'popular', credits: 250, amount: 3995, currency: 'EUR', badge: 'popular' },
  ],
  methods: ['ideal', 'creditcard', 'paypal'],
  provider: 'sandbox',
}

const card: Card = { id: 7, brand: 'Visa', last4: '4242', expiry: '2029-12-31', method: 'creditcard', created_at: '2026-11-24T10:00:00Z' }

const order = (status: OrderStatus, over: Partial<Order> = {}): Order => ({
  payment_id: 'pay_r1',
  order_id: 51,
  status,
  credits: 250,
  amount: 3995,
  currency: 'EUR',
  package_id: 'popular',
  paymentmethod: 'creditcard',
  ...(status === 'failed' ? { message: 'Credit card payment failed' } : {}),
  ...over,
})

type Call = { url: string; method: string; body: unknown }

/** api answers the calls of the page; over answers first; calls records them. */
function api(stored: Card | null, over: (c: Call) => Response | null = () => null) {
  const calls: Call[] = []
  const handler = (url: string, init: RequestInit) => {
    const c = { url, method: init.method ?? 'GET', body: init.body ? JSON.parse(init.body as string) as unknown : undefined }
    calls.push(c)
    const r = over(c)
    if (r) return r
    if (url.startsWith('/api/user.php')) return jsonResponse(200, { user: user() })
    if (url.startsWith('/api/chats.php')) return jsonResponse(200, [])
    if (url.startsWith('/api/likes.php')) return jsonResponse(200, { profiles: [], liked_by: [] })
    if (url.startsWith('/api/packages.php')) return jsonResponse(200, packages)
    if (url.startsWith('/api/repeatorder.php') && c.method === 'GET') return jsonResponse(200, { card: stored })
    return jsonResponse(404, { error: 'not_found' })
  }
  return { calls, handler }
}

const repeats = (calls: Call[]) => calls.filter((c) => c.url.startsWith('/api/repeatorder.php') && c.method === 'POST')

afterEach(() => {
  cleanup()
  vi.mocked(leaveFor).mockClear()
})

describe('repeat order rules', () => {
  it('knows the card methods and reads an answer', () => {
    expect(['creditcard', 'visa', 'mastercard'].every(isCardMethod)).toBe(true)
    expect(['ideal', 'paypal', 'sdd'].some(isCardMethod)).toBe(false)
    const pkg = packages.packages[1]
    expect(repeatOutcome(order('completed'), pkg, 'NL').kind).toBe('completed')
    expect(repeatOutcome(order('pending'), pkg, 'NL').kind).toBe('pending')
    expect(repeatOutcome(order('failed'), pkg, 'NL')).toMatchObject({ kind: 'failed', order: { order_id: 51 }, pkg, country: 'NL' })
  })
})

describe('/credits/repeat-order', () => {
  it('without a kept card, says how to keep one and links to the packages', async () => {
    const { handler } = api(null)
    await renderApp(boot({ user: user() }), '/credits/repeat-order', handler)
    const none = await screen.findByTestId('no-stored-card')
    expect(none.textContent).toContain('Keep my card for one-click repeat orders')
    expect(within(none).getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/credits')
    expect(screen.queryByTestId('repeat-packages')).toBeNull()
  })

  it('shows the card masked and buys a package in one click, once per click', async () => {
    const { calls, handler } = api(card, (c) => (c.url.startsWith('/api/repeatorder.php') && c.method === 'POST' ? jsonResponse(201, order('completed')) : null))
    await renderApp(boot({ user: user({ credits: 3 }) }), '/credits/repeat-order', handler)
    expect((await screen.findByTestId('stored-card-label')).textContent).toBe('Visa ending in 4242')
    expect(screen.getByTestId('stored-card').textContent).not.toMatch(/\d{5,}/)
    const offers = await screen.findAllByTestId('repeat-package')
    const buy = within(offers[1]).getByRole('button', { name: /Buy 250 credits for .*39\.95 with your card/ })
    fireEvent.click(buy)
    fireEvent.click(buy)
    const result = await screen.findByTestId('repeat-result')
    expect(result.getAttribute('data-status')).toBe('completed')
    expect(screen.getByTestId('repeat-added').textContent).toBe('250 credits have been added to your account.')
    const posted = repeats(calls)
    expect(posted).toHaveLength(1)
    expect(posted[0].body).toMatchObject({ package_id: 'popular', card_id: 7, country: 'NL' })
    expect(typeof (posted[0].body as { client_id: string }).client_id).toBe('string')
    expect(leaveFor).not.toHaveBeenCalled()
  })

  it("on a failed charge says 'Credit card payment failed', retries with a new click key, then pays the failed order via the provider", async () => {
    const { calls, handler } = api(card, (c) => {
      if (c.url.startsWith('/api/repeatorder.php') && c.method === 'POST') return jsonResponse(201, order('failed'))
      if (c.url.startsWith('/api/orders.php') && c.method === 'POST') return jsonResponse(201, { order_id: 51, payment_id: 'pay_r2', redirect_url: 'http://localhost/sandbox/pay/sb_x' })
      return null
    })
    await renderApp(boot({ user: user() }), '/credits/repeat-order', handler)
    const offers = await screen.findAllByTestId('repeat-package')
    fireEvent.click(within(offers[1]).getByTestId('repeat-buy'))
    const failed = await screen.findByTestId('repeat-failed')
    expect(failed.textContent).toBe('Credit card payment failed')
    expect(failed.getAttribute('role')).toBe('alert')

    fireEvent.click(screen.getByTestId('repeat-retry'))
    await until(() => repeats(calls).length === 2, 10_000)
    const [a, b] = repeats(calls).map((c) => (c.body as { client_id: string }).client_id)
    expect(a).not.toBe(b)
    await screen.findByTestId('repeat-failed')

    fireEvent.click(screen.getByTestId('repeat-via-provider'))
    await until(() => vi.mocked(leaveFor).mock.calls.length === 1, 10_000)
    expect(leaveFor).toHaveBeenCalledWith('http://localhost/sandbox/pay/sb_x')
    const retry = calls.find((c) => c.url.startsWith('/api/orders.php') && c.method === 'POST')
    expect(retry?.body).toEqual({ order_id: 51, paymentmethod: 'creditcard' })
  })

  it('a charge refused outright (no order) is paid via the provider as a new order', async () => {
    const { calls, handler } = api(card, (c) => {
      if (c.url.startsWith('/api/repeatorder.php') && c.method === 'POST') return jsonResponse(409, { error: 'card_payment_failed', message: 'Credit card payment failed' })
      if (c.url.startsWith('/api/orders.php') && c.method === 'POST') return jsonResponse(201, { order_id: 52, payment_id: 'pay_r3', redirect_url: 'http://localhost/sandbox/pay/sb_y' })
      return null
    })
    await renderApp(boot({ user: user() }), '/credits/repeat-order', handler)
    const offers = await screen.findAllByTestId('repeat-package')
    fireEvent.click(within(offers[0]).getByTestId('repeat-buy'))
    expect((await screen.findByTestId('repeat-failed')).textContent).toBe('Credit card payment failed')
    fireEvent.click(screen.getByTestId('repeat-via-provider'))
    await until(() => vi.mocked(leaveFor).mock.calls.length === 1, 10_000)
    expect(calls.find((c) => c.url.startsWith('/api/orders.php') && c.method === 'POST')?.body).toEqual({ package_id: 'starter', paymentmethod: 'creditcard', country: 'NL' })
  })

  it('removes the card after a confirmation', async () => {
    const { calls, handler } = api(card, (c) => (c.url.startsWith('/api/repeatorder.php') && c.method === 'DELETE' ? new Response(null, { status: 204 }) : null))
    await renderApp(boot({ user: user() }), '/credits/repeat-order', handler)
    fireEvent.click(await screen.findByTestId('remove-card'))
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false)
    fireEvent.click(screen.getByTestId('remove-card-confirm'))
    await screen.findByTestId('card-removed')
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/repeatorder.php?id=7')
    expect(screen.queryByTestId('stored-card')).toBeNull()
    expect(screen.queryByTestId('repeat-packages')).toBeNull()
  })
})

describe('keeping the card on the checkout', () => {
  it('offers the labelled checkbox for card methods only and sends keep_card', async () => {
    const { calls, handler } = api(null, (c) =>
      c.url.startsWith('/api/orders.php') && c.method === 'POST' ? jsonResponse(201, { order_id: 9, payment_id: 'pay_9', redirect_url: 'http://localhost/sandbox/pay/sb_9' }) : null,
    )
    await renderApp(boot({ user: user() }), '/credits/popular/ideal', handler)
    await screen.findByTestId('payment-form')
    expect(screen.queryByTestId('keep-card')).toBeNull()
    fireEvent.click(screen.getByRole('radio', { name: /Credit card/ }))
    const keep = await screen.findByRole('checkbox', { name: 'Keep my card for one-click repeat orders' })
    fireEvent.click(keep)
    fireEvent.submit(screen.getByTestId('payment-form'))
    await until(() => vi.mocked(leaveFor).mock.calls.length === 1, 10_000)
    expect(calls.find((c) => c.url.startsWith('/api/orders.php') && c.method === 'POST')?.body).toMatchObject({ package_id: 'popular', paymentmethod: 'creditcard', keep_card: true })
  })
})
