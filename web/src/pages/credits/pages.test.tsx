import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { boot, user } from '../../test/fixtures'
import { jsonResponse, renderApp, until } from '../../test/render'
import type { DiscountCode, Order, OrderStatus, Packages, Transaction } from './api'
import { leaveFor } from './leave'
import { settle } from '../../test/act'

vi.mock('./leave', () => ({ leaveFor: vi.fn() }))

// The first test of the file waits for the lazy page's chunk to transform.
vi.setConfig({ testTimeout: 20_000 })

const packages = (country = 'NL'): Packages => ({
  country,
  countries: ['NL', 'BE'],
  currency: 'EUR',
  packages: [
    { id: 'starter', credits: 100, amount: 1995, currency: 'EUR', badge: null },
    { id: 'popular', credits: 250, amount: 3995, currency: 'EUR', badge: 'popular' },
    { id: 'value', credits: 600, amount: 7995, currency: 'EUR', badge: 'best value' },
  ],
  methods: country === 'BE' ? ['bancontact', 'ideal', 'creditcard', 'paypal'] : ['ideal', 'creditcard', 'paypal', 'applepay', 'sct'],
  provider: 'sandbox',
})

const order = (status: OrderStatus, over: Partial<Order> = {}): Order => ({
  payment_id: 'pay_1',
  order_id: 41,
  status,
  credits: 250,
  amount: 3995,
  currency: 'EUR',
  package_id: 'popular',
  paymentmethod: 'ideal',
  ...(status === 'failed' || status === 'cancelled' || status === 'expired' ? { message: 'Payment failed or has been cancelled.' } : {}),
  ...over,
})

const tx = (over: Partial<Transaction> = {}): Transaction => ({
  id: 41,
  payment_id: 'pay_1',
  status: 'completed',
  amount: 3995,
  currency: 'EUR',
  credits: 250,
  paymentmethod: 'ideal',
  package_id: 'popular',
  created_at: '2026-11-23T10:00:00Z',
  completed_at: '2026-11-23T10:01:00Z',
  invoice_number: 'LOKAAL-MEDIA-000042',
  invoice_url: '/api/invoice.php?id=41',
  ...over,
})

const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ')

type Call = { url: string; method: string; body: unknown }

/** api answers the billing calls; calls records them. */
function api(over: (c: Call) => Response | null = () => null) {
  const calls: Call[] = []
  const handler = (url: string, init: RequestInit) => {
    const c = { url, method: init.method ?? 'GET', body: init.body ? JSON.parse(init.body as string) as unknown : undefined }
    calls.push(c)
    const r = over(c)
    if (r) return r
    // The app's own refresh (every 60 s, first after 5 s) must not fail into the error page.
    if (url.startsWith('/api/user.php')) return jsonResponse(200, { user: user() })
    if (url.startsWith('/api/chats.php')) return jsonResponse(200, [])
    if (url.startsWith('/api/likes.php')) return jsonResponse(200, { profiles: [], liked_by: [] })
    if (url.startsWith('/api/packages.php')) return jsonResponse(200, packages(new URL(url, 'http://x').searchParams.get('country') ?? 'NL'))
    return jsonResponse(404, { error: 'not_found' })
  }
  return { calls, handler }
}

afterEach(() => {
  cleanup()
  vi.mocked(leaveFor).mockClear()
})

describe('/credits', () => {
  it('lists the packages with prices in the locale, translated badges, the low-balance hint, premium benefits and the transactions link', async () => {
    const { handler } = api()
    await renderApp(boot({ user: user({ credits: 5, paid_user: false }) }), '/credits', handler)
    const list = await screen.findByTestId('package-list')
    const cards = within(list).getAllByTestId('package')
    expect(cards.map((c) => c.getAttribute('data-id'))).toEqual(['starter', 'popular', 'value'])
    expect(cards.map((c) => plain(within(c).getByTestId('package-price').textContent))).toEqual(['€19.95', '€39.95', '€79.95'])
    expect(within(cards[1]).getByTestId('package-badge').textContent).toBe('Popular')
    expect(within(cards[2]).getByTestId('package-badge').textContent).toBe('Best value')
    expect(within(cards[0]).queryByTestId('package-badge')).toBeNull()
    expect(within(cards[0]).getByRole('heading').textContent).toBe('100 credits')
    const buy = within(cards[1]).getByRole('link', { name: /Buy 250 credits for/ })
    expect(buy.getAttribute('href')).toBe('/credits/popular')
    expect(screen.getByTestId('low-balance')).toBeTruthy()
    expect(screen.getByTestId('premium-benefits').textContent).toContain('Up to 25 photos of your own')
    expect(screen.getByRole('link', { name: 'Your transactions' }).getAttribute('href')).toBe('/transactions')
  })

  it('hides the hint above 10 credits and the benefits for premium members', async () => {
    const { handler } = api()
    await renderApp(boot({ user: user({ credits: 11, paid_user: true }) }), '/credits', handler)
    await screen.findByTestId('package-list')
    expect(screen.queryByTestId('low-balance')).toBeNull()
    expect(screen.queryByTestId('premium-benefits')).toBeNull()
  })

  it('shows prices in Dutch on the visitors\' /pricing, without buy links', async () => {
    const { handler } = api()
    await renderApp(boot({ locale: 'nl' }), '/pricing', handler)
    const list = await screen.findByTestId('package-list')
    expect(within(list).getAllByTestId('package-price').map((p) => plain(p.textContent))).toEqual(['€ 19,95', '€ 39,95', '€ 79,95'])
    expect(within(list).getAllByTestId('package-badge').map((b) => b.textContent)).toEqual(['Populair', 'Beste deal'])
    expect(within(list).queryAllByRole('link')).toHaveLength(0)
  })
})

describe('/credits/:id/:paymentmethod?', () => {
  it('offers the country\'s methods, refetches them for another payment country and pays there', async () => {
    const { calls, handler } = api((c) =>
      c.url === '/api/orders.php' && c.method === 'POST' ? jsonResponse(201, { order_id: 41, payment_id: 'pay_1', redirect_url: 'http://localhost/sandbox/pay/sb_1' }) : null,
    )
    const { router } = await renderApp(boot({ user: user() }), '/credits/popular', handler)
    const methods = await screen.findByTestId('payment-methods')
    const listed = () => within(screen.getByTestId('payment-methods')).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)
    expect(listed()).toEqual(['ideal', 'creditcard', 'paypal', 'applepay', 'sct'])
    expect(within(methods).getByRole('radio', { name: 'iDEAL' })).toBeTruthy()
    expect(methods.querySelectorAll('svg[aria-hidden="true"]')).toHaveLength(5)
    expect(plain(screen.getByTestId('order-total').textContent)).toBe('€39.95')

    const country = screen.getByLabelText<HTMLSelectElement>('Payment country')
    expect(country.value).toBe('NL')
    fireEvent.change(country, { target: { value: 'BE' } })
    await until(() => listed()[0] === 'bancontact')
    expect(calls.some((c) => c.url === '/api/packages.php?country=BE')).toBe(true)
    expect(listed()).toEqual(['bancontact', 'ideal', 'creditcard', 'paypal'])

    // Paying without a method asks for one and does not order.
    fireEvent.click(screen.getByRole('button', { name: /^Pay/ }))
    expect((await screen.findByTestId('payment-error')).textContent).toBe('Choose a payment method.')
    expect(calls.some((c) => c.method === 'POST')).toBe(false)

    fireEvent.click(screen.getByRole('radio', { name: 'Bancontact' }))
    await until(() => router.state.location.pathname === '/credits/popular/bancontact')
    // The method chosen answers the error that asked for one.
    expect(screen.queryByTestId('payment-error')).toBeNull()
    expect(router.state.location.search).toBe('?country=BE')
    expect(within(screen.getByTestId('order-summary')).getByText('Bancontact')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /^Pay/ }))
    await until(() => vi.mocked(leaveFor).mock.calls.length > 0)
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ package_id: 'popular', paymentmethod: 'bancontact', country: 'BE' })
    expect(leaveFor).toHaveBeenCalledWith('http://localhost/sandbox/pay/sb_1')
  })

  it('asks the withdrawal waiver on a brand with the European rules and orders only with it', async () => {
    const { calls, handler } = api((c) =>
      c.url === '/api/orders.php' && c.method === 'POST' ? jsonResponse(201, { order_id: 41, payment_id: 'pay_1', redirect_url: 'http://localhost/sandbox/pay/sb_1' }) : null,
    )
    await renderApp(boot({ user: user() }, { eu_rules: true }), '/credits/popular/ideal', handler)
    const waiver = await screen.findByRole('checkbox', { name: 'I want my credits at once and agree that this ends my 14-day right of withdrawal.' })
    expect((waiver as HTMLInputElement).checked).toBe(false)
    fireEvent.click(screen.getByRole('button', { name: /^Pay/ }))
    await screen.findByText('Please tick this box: your credits are delivered at once.')
    expect(document.activeElement).toBe(waiver)
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
    fireEvent.click(waiver)
    fireEvent.click(screen.getByRole('button', { name: /^Pay/ }))
    await until(() => calls.some((c) => c.method === 'POST'))
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ package_id: 'popular', paymentmethod: 'ideal', waive_withdrawal: true })
  })

  it('words the server\'s refusal and stays', async () => {
    const { handler } = api((c) => (c.method === 'POST' ? jsonResponse(503, { error: 'payments_unavailable', message: 'no' }) : null))
    await renderApp(boot({ user: user() }), '/credits/popular/ideal', handler)
    fireEvent.click(await screen.findByRole('button', { name: /^Pay/ }))
    expect((await screen.findByTestId('payment-error')).textContent).toBe('Payments are not possible right now. Please try again later.')
    expect(leaveFor).not.toHaveBeenCalled()
  })

  it('says so for a package the tenant does not sell', async () => {
    const { handler } = api()
    await renderApp(boot({ user: user() }), '/credits/gold', handler)
    expect((await screen.findByTestId('package-unknown')).textContent).toContain('This package is not available.')
  })
})

describe('the payment result', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }))
  afterEach(() => vi.useRealTimers())

  it('polls a pending payment with a visible progress until it completes, then shows the credits, balance and premium', async () => {
    const states: OrderStatus[] = ['pending', 'pending', 'completed']
    const { calls, handler } = api((c) => {
      if (c.url === '/api/orders.php?id=pay_1') return jsonResponse(200, order(states.shift() ?? 'completed'))
      if (c.url.startsWith('/api/user.php')) return jsonResponse(200, { user: user({ credits: 300, paid_user: true }) })
      if (c.url === '/api/transactions.php') return jsonResponse(200, { transactions: [tx()] })
      return null
    })
    await renderApp(boot({ user: user({ credits: 50, paid_user: false }) }), '/credits/popular/ideal?payment_id=pay_1', handler)
    await until(() => screen.queryByTestId('payment-progress'))
    expect(screen.getByTestId('payment-result').getAttribute('data-status')).toBe('pending')
    expect(screen.getByTestId('payment-progress').textContent).toContain('Checked 1 time')
    await act(() => vi.advanceTimersByTimeAsync(1000))
    await until(() => screen.getByTestId('payment-progress').textContent?.includes('Checked 2 times'))
    await act(() => vi.advanceTimersByTimeAsync(2000))
    await until(() => screen.queryByTestId('payment-result')?.getAttribute('data-status') === 'completed')
    expect(screen.getByTestId('payment-added').textContent).toBe('250 credits have been added to your account.')
    expect(screen.getByTestId('payment-balance').textContent).toBe('Your balance is now 300 credits.')
    expect(screen.getByTestId('payment-premium').textContent).toBe('You are a premium member now.')
    expect(calls.filter((c) => c.url === '/api/orders.php?id=pay_1')).toHaveLength(3)
    // The navigation follows: Credits instead of Get Premium.
    expect(screen.getByTestId('nav-credits')).toBeTruthy()
    expect(screen.queryByTestId('nav-premium')).toBeNull()
    // Settled: no more checks.
    await act(() => vi.advanceTimersByTimeAsync(60_000))
    expect(calls.filter((c) => c.url === '/api/orders.php?id=pay_1')).toHaveLength(3)
  })

  it('stops polling after the last check and checks again on demand', async () => {
    let checks = 0
    const { handler } = api((c) => (c.url === '/api/orders.php?id=pay_1' ? (checks++, jsonResponse(200, order('pending'))) : null))
    await renderApp(boot({ user: user() }), '/credits/popular/ideal?payment_id=pay_1', handler)
    await until(() => screen.queryByTestId('payment-progress'))
    for (let i = 2; i <= 20; i++) {
      await act(() => vi.advanceTimersByTimeAsync(8000))
      await until(() => checks >= i)
    }
    await until(() => screen.queryByRole('button', { name: 'Check again' }))
    const again = screen.getByRole('button', { name: 'Check again' })
    expect(checks).toBe(20)
    expect(screen.queryByTestId('payment-progress')).toBeNull()
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000))
    expect(checks).toBe(20)
    fireEvent.click(again)
    await until(() => checks === 21)
  })

  it.each(['failed', 'cancelled', 'expired'] as const)('shows the failure text for a %s payment and retries the order with another method', async (status) => {
    const { calls, handler } = api((c) => {
      if (c.url === '/api/orders.php?id=pay_1') return jsonResponse(200, order(status))
      if (c.url === '/api/orders.php' && c.method === 'POST') return jsonResponse(201, { order_id: 41, payment_id: 'pay_2', redirect_url: '/sandbox/pay/sb_2' })
      return null
    })
    await renderApp(boot({ user: user() }), '/credits/popular/ideal?payment_id=pay_1', handler)
    await until(() => screen.queryByTestId('retry-form')?.querySelector('input[type="radio"]'))
    expect(screen.getByTestId('payment-failed').textContent).toBe('Payment failed or has been cancelled.')
    expect(screen.getByTestId('payment-result').getAttribute('data-status')).toBe(status)
    const form = screen.getByTestId('retry-form')
    fireEvent.click(within(form).getByRole('radio', { name: 'PayPal' }))
    fireEvent.click(within(form).getByRole('button', { name: /again$/ }))
    await until(() => vi.mocked(leaveFor).mock.calls.length > 0)
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ order_id: 41, paymentmethod: 'paypal' })
    expect(leaveFor).toHaveBeenCalledWith('/sandbox/pay/sb_2')
  })

  it('says when the payment is not the member\'s', async () => {
    const { handler } = api((c) => (c.url.startsWith('/api/orders.php') ? jsonResponse(404, { error: 'order_not_found', message: 'x' }) : null))
    await renderApp(boot({ user: user() }), '/credits/popular/ideal?payment_id=nope', handler)
    await until(() => screen.queryByTestId('payment-result')?.getAttribute('data-status') === 'error')
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('This payment could not be found.')
  })
})

describe('/transactions', () => {
  it('lists the transactions and shows one with its invoice links', async () => {
    const { handler } = api((c) => {
      if (c.url === '/api/transactions.php') return jsonResponse(200, { transactions: [tx(), tx({ id: 40, status: 'failed', invoice_url: null, invoice_number: null, completed_at: null })] })
      if (c.url === '/api/transactions.php?id=41') return jsonResponse(200, { transaction: tx() })
      return null
    })
    const { router } = await renderApp(boot({ user: user() }), '/transactions', handler)
    const list = await screen.findByTestId('transaction-list')
    const items = within(list).getAllByTestId('transaction')
    expect(items.map((i) => i.getAttribute('data-status'))).toEqual(['completed', 'failed'])
    expect(items[1].textContent).toContain('Failed')
    fireEvent.click(within(items[0]).getByRole('link'))
    await until(() => router.state.location.pathname === '/transactions/41')
    const detail = await screen.findByTestId('transaction-detail')
    expect(within(detail).getByTestId('transaction-status').textContent).toBe('Completed')
    expect(plain(within(detail).getByTestId('transaction-amount').textContent)).toBe('€39.95')
    expect(within(detail).getByTestId('transaction-credits').textContent).toBe('250')
    expect(within(detail).getByTestId('transaction-method').textContent).toBe('iDEAL')
    expect(within(detail).getByRole('link', { name: 'View the invoice' }).getAttribute('href')).toBe('/api/invoice.php?id=41')
    expect(within(detail).getByRole('link', { name: 'Download the invoice (PDF)' }).getAttribute('href')).toBe('/api/invoice.php?id=41&format=pdf')
  })

  it('pays a waiting order with Pay now: one click key for repeated clicks, on to the provider', async () => {
    const { calls, handler } = api((c) => {
      if (c.url === '/api/transactions.php') return jsonResponse(200, { transactions: [tx({ status: 'pending', invoice_url: null, invoice_number: null, completed_at: null }), tx({ id: 40 })] })
      if (c.url === '/api/paynow.php') return jsonResponse(201, { order_id: 41, payment_id: 'pay_2', redirect_url: 'http://localhost/sandbox/pay/sb_2' })
      return null
    })
    await renderApp(boot({ user: user() }), '/transactions', handler)
    const items = within(await screen.findByTestId('transaction-list')).getAllByTestId('transaction')
    // Only the waiting order offers it.
    expect(within(items[1]).queryByRole('button')).toBeNull()
    fireEvent.click(within(items[0]).getByRole('button', { name: 'Pay now: €39.95' }))
    await until(() => vi.mocked(leaveFor).mock.calls.length > 0)
    expect(leaveFor).toHaveBeenCalledWith('http://localhost/sandbox/pay/sb_2')
    const posted = calls.filter((c) => c.url === '/api/paynow.php')
    expect(posted).toHaveLength(1)
    expect(posted[0].method).toBe('POST')
    expect(posted[0].body).toMatchObject({ order_id: 41 })
    expect(typeof (posted[0].body as { client_id: unknown }).client_id).toBe('string')
  })

  it('words Pay now\'s refusal of an order that stopped waiting', async () => {
    const { handler } = api((c) => {
      if (c.url === '/api/transactions.php?id=41') return jsonResponse(200, { transaction: tx({ status: 'pending', invoice_url: null, invoice_number: null, completed_at: null }) })
      if (c.url === '/api/paynow.php') return jsonResponse(409, { error: 'order_not_pending', message: 'no' })
      return null
    })
    await renderApp(boot({ user: user() }), '/transactions/41', handler)
    const detail = await screen.findByTestId('transaction-detail')
    fireEvent.click(within(detail).getByRole('button', { name: 'Pay now: €39.95' }))
    expect((await screen.findByTestId('pay-now-error')).textContent).toBe('This order is no longer waiting for its payment.')
    expect(leaveFor).not.toHaveBeenCalled()
  })

  it('lists the credit ledger newest first: what was given, bought and spent, with the balance after', async () => {
    const entry = (id: number, delta: number, balance_after: number, kind: string) => ({ id, delta, balance_after, kind, created_at: '2026-11-20T10:00:00Z' })
    const { handler } = api((c) =>
      c.url === '/api/transactions.php'
        ? jsonResponse(200, { transactions: [tx()], ledger: [entry(9, -2, 253, 'gift'), entry(8, 250, 255, 'purchase'), entry(7, 5, 5, 'signup_bonus')] })
        : null,
    )
    await renderApp(boot({ user: user() }), '/transactions', handler)
    const ledger = await screen.findByTestId('ledger')
    expect(screen.getByRole('heading', { name: 'Credits history' })).toBeTruthy()
    const rows = within(ledger).getAllByTestId('ledger-entry')
    expect(rows.map((r) => r.getAttribute('data-kind'))).toEqual(['gift', 'purchase', 'signup_bonus'])
    expect(rows[0].textContent).toContain('Gift sent')
    expect(rows[0].textContent).toContain('−2 credits')
    expect(rows[0].textContent).toContain('Balance: 253')
    expect(rows[1].textContent).toContain('Credits bought')
    expect(rows[1].textContent).toContain('+250 credits')
    expect(rows[2].textContent).toContain('Welcome credits')
  })

  it('shows no ledger when the member has none', async () => {
    const { handler } = api((c) => (c.url === '/api/transactions.php' ? jsonResponse(200, { transactions: [] }) : null))
    await renderApp(boot({ user: user() }), '/transactions', handler)
    expect((await screen.findByText('You have not bought anything yet.')).textContent).toBeTruthy()
    expect(screen.queryByTestId('ledger')).toBeNull()
  })

  it('says so for a transaction that is not the member\'s', async () => {
    const { handler } = api((c) => (c.url.startsWith('/api/transactions.php') ? jsonResponse(404, { error: 'order_not_found', message: 'x' }) : null))
    await renderApp(boot({ user: user() }), '/transactions/9', handler)
    expect((await screen.findByRole('alert')).textContent).toBe('This transaction could not be found.')
  })
})

describe('discount codes', () => {
  const spring = (over: Partial<DiscountCode> = {}): DiscountCode => ({
    code: 'SPRING25',
    value_percentage: 25,
    minimum_order_value: 3000,
    currency: 'EUR',
    country: 'NL',
    paymentmethods: ['ideal', 'creditcard'],
    user_id: null,
    expires: '2026-12-31T12:00:00Z',
    validity: 3600,
    expired: false,
    status: 'active',
    ...over,
  })
  /** codes answers discountcode.php: known codes by text, the rest refused as given. */
  const codes = (known: Record<string, Response | DiscountCode>, welcome: Response | DiscountCode = jsonResponse(404, { error: 'code_not_found', message: 'Code not found' })) => (c: Call) => {
    if (!c.url.startsWith('/api/discountcode.php')) return null
    const q = new URL(c.url, 'http://x').searchParams
    const answer = q.get('welcome') === 'true' ? welcome : (known[q.get('code') ?? ''] ?? jsonResponse(404, { error: 'code_not_found', message: 'Code not found' }))
    return answer instanceof Response ? answer : jsonResponse(200, answer)
  }
  beforeEach(() => sessionStorage.clear())

  it('shows the discounted prices of the packages the page\'s ?discount_code= applies to, with its conditions', async () => {
    const { calls, handler } = api(codes({ SPRING25: spring() }))
    await renderApp(boot({ user: user() }), '/credits?discount_code=spring25', handler)
    const active = await screen.findByTestId('discount-active')
    expect(calls.some((c) => c.url === '/api/discountcode.php?code=SPRING25')).toBe(true)
    expect(active.textContent).toContain('Code SPRING25: 25% off')
    const lines = within(screen.getByTestId('discount-conditions')).getAllByRole('listitem').map((l) => plain(l.textContent))
    expect(lines[0]).toBe('For orders from €30.00')
    expect(lines).toContain('Only with iDEAL, Credit card')
    expect(lines).toContain('Once per member')
    const cards = within(screen.getByTestId('package-list')).getAllByTestId('package')
    // Starter (19.95) is below the minimum; 39.95 and 79.95 less 25%, rounded half up.
    expect(within(cards[0]).queryByTestId('package-list-price')).toBeNull()
    expect(plain(within(cards[0]).getByTestId('package-price').textContent)).toBe('€19.95')
    expect(plain(within(cards[1]).getByTestId('package-list-price').textContent)).toBe('€39.95')
    expect(plain(within(cards[1]).getByTestId('package-price').textContent)).toBe('€39.95€29.96')
    expect(plain(within(cards[2]).getByTestId('package-price').textContent)).toBe('€79.95€59.96')
    expect(within(cards[1]).getByRole('link', { name: /Buy 250 credits for €29.96/ })).toBeTruthy()
    expect(sessionStorage.getItem('rdv-discount-code')).toBe('SPRING25')
  })

  it('words a code the member enters that is not found or used, and keeps none', async () => {
    const { handler } = api(codes({ USED10: jsonResponse(409, { error: 'code_used', message: 'Code already used' }) }))
    await renderApp(boot({ user: user() }), '/credits', handler)
    const form = await screen.findByRole('form', { name: 'Discount code' })
    const field = within(form).getByLabelText('Your discount code')
    fireEvent.change(field, { target: { value: 'nope' } })
    await settle(() => fireEvent.click(within(form).getByRole('button', { name: 'Apply' })))
    expect((await screen.findByTestId('discount-error')).textContent).toBe('Code not found')
    fireEvent.change(field, { target: { value: 'used10' } })
    await settle(() => fireEvent.click(within(form).getByRole('button', { name: 'Apply' })))
    await until(() => screen.getByTestId('discount-error').textContent === 'Code already used')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(screen.queryByTestId('discount-active')).toBeNull()
    expect(screen.queryByTestId('package-list-price')).toBeNull()
  })

  it('shows the member\'s welcome code when no code was given, and ignores its absence silently', async () => {
    const welcome = spring({ code: 'WELCOME-7', minimum_order_value: null, currency: null, country: null, paymentmethods: [], user_id: 7 })
    const { handler } = api(codes({}, welcome))
    await renderApp(boot({ user: user() }), '/credits', handler)
    expect((await screen.findByTestId('discount-active')).textContent).toContain('Code WELCOME-7: 25% off')
    cleanup()
    const none = api(codes({}))
    await renderApp(boot({ user: user() }), '/credits', none.handler)
    await screen.findByTestId('package-list')
    await until(() => none.calls.some((c) => c.url === '/api/discountcode.php?welcome=true'))
    expect(screen.queryByTestId('discount-error')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  describe('the time bonus', () => {
    const fresh = () => user({ signup_date: new Date(Date.now() - 600_000).toISOString(), credits: 0, paid_user: false })
    const bonus = spring({ code: 'TIMEBONUS25', minimum_order_value: null, currency: null, country: null, paymentmethods: [], expires: null, validity: 13_800 })
    const welcome = spring({ code: 'WELCOME-7', minimum_order_value: null, currency: null, country: null, paymentmethods: [], user_id: 7 })

    it('is the active discount over the welcome code: the packages show its price and the order sends it', async () => {
      const { calls, handler } = api((c) =>
        c.url === '/api/orders.php' && c.method === 'POST'
          ? jsonResponse(201, { order_id: 41, payment_id: 'pay_1', redirect_url: 'http://localhost/sandbox/pay/sb_1' })
          : codes({ TIMEBONUS25: bonus }, welcome)(c),
      )
      await renderApp(boot({ user: fresh() }), '/credits', handler)
      await until(() => screen.queryByTestId('discount-active')?.textContent?.includes('Code TIMEBONUS25: 25% off'))
      const popular = within(screen.getByTestId('package-list')).getAllByTestId('package')[1]
      expect(plain(within(popular).getByTestId('package-list-price').textContent)).toBe('€39.95')
      expect(plain(within(popular).getByTestId('package-price').textContent)).toBe('€39.95€29.96')
      expect(within(screen.getByTestId('discount-conditions')).getByText('Once per member')).toBeTruthy()
      // The page waited for the server's word on the time bonus: the welcome code was never needed.
      expect(calls.some((c) => c.url === '/api/discountcode.php?welcome=true')).toBe(false)
      cleanup()
      await renderApp(boot({ user: fresh() }), '/credits/popular/ideal', handler)
      await until(() => screen.queryByTestId('order-discount') !== null && screen.getByTestId('discount-active').textContent.includes('TIMEBONUS25'))
      expect(plain(screen.getByTestId('order-total').textContent)).toBe('€29.96')
      fireEvent.click(screen.getByRole('button', { name: /^Pay/ }))
      await until(() => calls.some((c) => c.method === 'POST'))
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ package_id: 'popular', paymentmethod: 'ideal', country: 'NL', discount_code: 'TIMEBONUS25' })
    })

    it('gives way to the welcome code when the server refuses it or it has ended', async () => {
      for (const answer of [jsonResponse(409, { error: 'code_used', message: 'Code already used' }), { ...bonus, validity: 0, expired: true, status: 'expired' as const }]) {
        const { calls, handler } = api(codes({ TIMEBONUS25: answer }, welcome))
        await renderApp(boot({ user: fresh() }), '/credits', handler)
        await until(() => calls.some((c) => c.url === '/api/discountcode.php?welcome=true'))
        expect((await screen.findByTestId('discount-active')).textContent).toContain('Code WELCOME-7: 25% off')
        expect(screen.queryByTestId('discount-error')).toBeNull()
        cleanup()
      }
    })
  })

  it('orders with the code when it applies to the method, and without it (full price, said why) when it does not', async () => {
    sessionStorage.setItem('rdv-discount-code', 'SPRING25')
    const { calls, handler } = api((c) =>
      c.url === '/api/orders.php' && c.method === 'POST'
        ? jsonResponse(201, { order_id: 41, payment_id: 'pay_1', redirect_url: 'http://localhost/sandbox/pay/sb_1' })
        : codes({ SPRING25: spring() })(c),
    )
    const { router } = await renderApp(boot({ user: user() }), '/credits/popular/ideal', handler)
    await screen.findByTestId('order-discount')
    expect(plain(screen.getByTestId('order-list-price').textContent)).toBe('€39.95')
    expect(plain(screen.getByTestId('order-discount').textContent)).toBe('-€9.99')
    expect(plain(screen.getByTestId('order-total').textContent)).toBe('€29.96')
    fireEvent.click(screen.getByRole('radio', { name: 'PayPal' }))
    await until(() => router.state.location.pathname === '/credits/popular/paypal')
    expect(screen.getByTestId('discount-not-applicable').textContent).toBe('This code is not valid for this payment method.')
    expect(plain(screen.getByTestId('order-total').textContent)).toBe('€39.95')
    fireEvent.click(screen.getByRole('button', { name: /^Pay/ }))
    await until(() => calls.some((c) => c.method === 'POST'))
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ package_id: 'popular', paymentmethod: 'paypal', country: 'NL' })
    // The page has left for the provider; anew with iDEAL, which the code takes.
    cleanup()
    await renderApp(boot({ user: user() }), '/credits/popular/ideal', handler)
    await screen.findByTestId('order-discount')
    expect(screen.queryByTestId('discount-not-applicable')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: /^Pay/ }))
    await until(() => calls.filter((c) => c.method === 'POST').length === 2)
    expect(calls.filter((c) => c.method === 'POST')[1]?.body).toEqual({ package_id: 'popular', paymentmethod: 'ideal', country: 'NL', discount_code: 'SPRING25' })
  })

  it('words the server\'s refusal of the code when ordering', async () => {
    sessionStorage.setItem('rdv-discount-code', 'SPRING25')
    const { handler } = api((c) =>
      c.method === 'POST' ? jsonResponse(409, { error: 'code_used', message: 'Code already used' }) : codes({ SPRING25: spring() })(c),
    )
    await renderApp(boot({ user: user() }), '/credits/popular/ideal', handler)
    await screen.findByTestId('order-discount')
    fireEvent.click(screen.getByRole('button', { name: /^Pay/ }))
    expect((await screen.findByTestId('payment-error')).textContent).toBe('Code already used')
    expect(leaveFor).not.toHaveBeenCalled()
  })
})
