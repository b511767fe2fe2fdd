import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { boot, user } from '../../test/fixtures'
import { jsonResponse, renderApp, until } from '../../test/render'
import type { DirectDebitCodeSent, DiscountCode, Packages } from './api'
import { codeValid, ibanValid, phonePlausible } from './directDebit'
import { leaveFor } from './leave'

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
  ],
  methods: country === 'BE' ? ['bancontact', 'creditcard'] : ['ideal', 'creditcard', 'sdd'],
  provider: 'sandbox',
})

const sent = (over: Partial<DirectDebitCodeSent> = {}): DirectDebitCodeSent => ({
  status: 'code_sent',
  iban: 'NL91 **** 4300',
  phone: '+316*****678',
  package_id: 'starter',
  amount: 1995,
  currency: 'EUR',
  expires_at: '2026-11-24T10:10:00Z',
  resend_at: '2026-11-24T10:01:00Z',
  attempts_left: 5,
  ...over,
})

const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ')

type Call = { url: string; method: string; body: Record<string, unknown> | undefined }

/** api answers the calls of the page; directdebit.php by answer(body). */
function api(answer: (body: Record<string, unknown>) => Response, discount: DiscountCode | null = null) {
  const calls: Call[] = []
  const handler = (url: string, init: RequestInit) => {
    const c: Call = { url, method: init.method ?? 'GET', body: init.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : undefined }
    calls.push(c)
    if (url === '/api/directdebit.php' && c.method === 'POST') return answer(c.body ?? {})
    if (url.startsWith('/api/user.php')) return jsonResponse(200, { user: user() })
    if (url.startsWith('/api/chats.php')) return jsonResponse(200, [])
    if (url.startsWith('/api/likes.php')) return jsonResponse(200, { profiles: [], liked_by: [] })
    if (url.startsWith('/api/discountcode.php')) {
      const asked = new URL(url, 'http://x').searchParams.get('code')
      return discount && asked === discount.code ? jsonResponse(200, discount) : jsonResponse(404, { error: 'code_not_found', message: 'Code not found' })
    }
    if (url.startsWith('/api/packages.php')) return jsonResponse(200, packages(new URL(url, 'http://x').searchParams.get('country') ?? 'NL'))
    return jsonResponse(404, { error: 'not_found' })
  }
  return { calls, handler, posts: () => calls.filter((c) => c.method === 'POST').map((c) => c.body) }
}

const type = (label: RegExp | string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })

afterEach(() => {
  cleanup()
  vi.mocked(leaveFor).mockClear()
})

describe('direct debit rules', () => {
  it('checks IBANs by country length and mod-97, phones loosely and codes as 6 digits', () => {
    for (const good of ['NL91 ABNA 0417 1643 00', 'de89370400440532013000', 'PL61 1090 1014 0000 0712 1981 2874', 'DK50 0040 0440 1162 43', 'GB29 NWBK 6016 1331 9268 19', 'FR14 2004 1010 0505 0001 3M02 606']) {
      expect(ibanValid(good), good).toBe(true)
    }
    for (const bad of ['NL92 ABNA 0417 1643 00', 'DE8937040044053201300', 'NL91ABNA04171643001', 'XX89370400440532013000', 'NL91 ABNA 0417 1643 0!', '']) {
      expect(ibanValid(bad), bad).toBe(false)
    }
    expect(phonePlausible('06 1234 5678')).toBe(true)
    expect(phonePlausible('+49 (151) 234-56789')).toBe(true)
    expect(phonePlausible('06-CALL-ME')).toBe(false)
    expect(phonePlausible('1234')).toBe(false)
    expect(codeValid('012345')).toBe(true)
    expect(codeValid('12345')).toBe(false)
    expect(codeValid('12a456')).toBe(false)
  })
})

describe('/directdebit', () => {
  it('texts a code for the account and phone, says Code invalid for a wrong one and places the order with the right one', async () => {
    const { handler, posts } = api((body) => {
      if (!('code' in body)) return jsonResponse(202, sent())
      if (body.code === '111111') return jsonResponse(422, { error: 'code_invalid', message: 'Code invalid', attempts_left: 4 })
      return jsonResponse(201, { order_id: 7, payment_id: 'pay_7', redirect_url: 'http://localhost/credits/starter/sdd?payment_id=pay_7' })
    })
    await renderApp(boot({ user: user() }), '/directdebit?package=starter&country=NL', handler)
    const fixed = await screen.findByTestId('dd-package-fixed')
    expect(plain(fixed.textContent)).toContain('100 credits')
    expect(plain(fixed.textContent)).toContain('€19.95')
    // A mistyped IBAN and phone are named at once; nothing is sent.
    type('IBAN', 'NL92 ABNA 0417 1643 00')
    type('Account holder', 'Jan de Vries')
    type('Mobile phone', '06-CALL-ME')
    fireEvent.click(screen.getByRole('button', { name: 'Text me the code' }))
    expect((await screen.findByTestId('dd-iban-error')).textContent).toBe('This IBAN is not valid.')
    expect(screen.getByTestId('dd-phone-error').textContent).toBe('Enter a valid mobile phone number.')
    expect(screen.getByLabelText('IBAN').getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(screen.getByLabelText('IBAN'))
    expect(posts()).toEqual([])

    type('IBAN', 'nl91 abna 0417 1643 00')
    type('Mobile phone', '06 1234 5678')
    fireEvent.click(screen.getByRole('button', { name: 'Text me the code' }))
    const summary = await screen.findByTestId('dd-summary')
    expect(posts()[0]).toEqual({ package_id: 'starter', country: 'NL', iban: 'NL91ABNA0417164300', holder: 'Jan de Vries', phone: '06 1234 5678' })
    expect(within(summary).getByTestId('dd-masked-iban').textContent).toBe('NL91 **** 4300')
    expect(within(summary).getByTestId('dd-masked-phone').textContent).toBe('+316*****678')
    expect(document.activeElement?.textContent).toBe('Enter the code')

    type('Code', '111111')
    fireEvent.click(screen.getByRole('button', { name: /^Pay/ }))
    const error = await screen.findByTestId('dd-error')
    expect(error.textContent).toBe('Code invalid. 4 attempts left.')
    expect(error.getAttribute('role')).toBe('alert')
    expect(leaveFor).not.toHaveBeenCalled()

    type('Code', '4 2 4242')
    expect(screen.getByLabelText<HTMLInputElement>('Code').value).toBe('424242')
    fireEvent.click(screen.getByRole('button', { name: /^Pay/ }))
    await until(() => vi.mocked(leaveFor).mock.calls.length > 0)
    expect(posts().at(-1)).toEqual({ code: '424242' })
    expect(leaveFor).toHaveBeenCalledWith('http://localhost/credits/starter/sdd?payment_id=pay_7')
  })

  it.each([
    ['dd_blocked', 403, 'Your account is blocked for direct debit payments.'],
    ['dd_limit', 429, 'Your limit for direct debit payments has been reached. Please try later, a cheaper package or another payment method.'],
    ['sms_code_limit', 429, 'Too many codes requested today, please try again tomorrow.'],
    ['sms_client_limit', 429, 'Too many codes were requested from this connection. Please try again later.'],
    ['sms_number_limit', 429, 'Too many codes were sent to this number. Please try again later.'],
    ['email_unconfirmed', 403, 'Confirm your e-mail address first (the link in our e-mail), then pay by direct debit.'],
    ['dd_pending', 409, 'Your direct debit is being placed. Please try again in a few minutes.'],
  ])('words the refusal %s', async (code, status, text) => {
    const { handler } = api(() => jsonResponse(status, { error: code, message: 'x' }))
    await renderApp(boot({ user: user() }), '/directdebit?package=starter', handler)
    await screen.findByTestId('dd-package-fixed')
    type('IBAN', 'NL91ABNA0417164300')
    type('Account holder', 'Jan de Vries')
    type('Mobile phone', '0612345678')
    fireEvent.click(screen.getByRole('button', { name: 'Text me the code' }))
    expect((await screen.findByTestId('dd-error')).textContent).toBe(text)
    expect(screen.queryByTestId('dd-summary')).toBeNull()
  })

  it('puts the server\'s word on a field next to it, and asks for a new code when the code is dead', async () => {
    let n = 0
    const { handler, posts } = api((body) => {
      n++
      if (n === 1) return jsonResponse(422, { error: 'phone_invalid', message: 'x' })
      if ('code' in body) return jsonResponse(410, { error: 'sms_code_expired', message: 'x' })
      return jsonResponse(202, sent({ phone: n === 2 ? '+316*****678' : '+316*****679' }))
    })
    await renderApp(boot({ user: user() }), '/directdebit?package=starter', handler)
    await screen.findByTestId('dd-package-fixed')
    type('IBAN', 'NL91ABNA0417164300')
    type('Account holder', 'Jan de Vries')
    type('Mobile phone', '020 123 4567')
    fireEvent.click(screen.getByRole('button', { name: 'Text me the code' }))
    expect((await screen.findByTestId('dd-phone-error')).textContent).toBe('Enter a valid mobile phone number.')
    type('Mobile phone', '06 1234 5678')
    fireEvent.click(screen.getByRole('button', { name: 'Text me the code' }))
    await screen.findByTestId('dd-summary')
    type('Code', '123456')
    fireEvent.click(screen.getByRole('button', { name: /^Pay/ }))
    expect((await screen.findByTestId('dd-error')).textContent).toBe('This code is no longer valid. Request a new code.')
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }))
    expect((await screen.findByTestId('dd-notice')).textContent).toBe('A new code is on its way.')
    expect(screen.getByTestId('dd-masked-phone').textContent).toBe('+316*****679')
    expect(posts().at(-1)).toEqual({ package_id: 'starter', country: 'NL', iban: 'NL91ABNA0417164300', holder: 'Jan de Vries', phone: '06 1234 5678' })
    // Change details goes back with the values kept.
    fireEvent.click(screen.getByRole('button', { name: 'Change details' }))
    expect((await screen.findByLabelText<HTMLInputElement>('IBAN')).value).toBe('NL91ABNA0417164300')
  })

  it('lets the member choose the package without ?package=, popular first', async () => {
    const { handler, posts } = api(() => jsonResponse(202, sent({ package_id: 'popular', amount: 3995 })))
    await renderApp(boot({ user: user(), locale: 'nl' }), '/directdebit', handler)
    const choice = await screen.findByTestId('dd-packages')
    expect(within(choice).getByRole<HTMLInputElement>('radio', { checked: true }).value).toBe('popular')
    type('IBAN', 'NL91ABNA0417164300')
    type('Rekeninghouder', 'Jan de Vries')
    type('Mobiel nummer', '0612345678')
    fireEvent.click(screen.getByRole('button', { name: 'Sms mij de code' }))
    await screen.findByTestId('dd-summary')
    expect(posts()[0]?.package_id).toBe('popular')
    expect(plain(screen.getByTestId('dd-amount').textContent)).toBe('€ 39,95')
  })

  it('says so where direct debit is not offered', async () => {
    const { handler } = api(() => jsonResponse(500, {}))
    await renderApp(boot({ user: user() }), '/directdebit?country=BE', handler)
    expect((await screen.findByTestId('dd-not-offered')).textContent).toContain('Direct debit is not offered in your country.')
  })

  it('is where paying by SEPA direct debit on the method page leads', async () => {
    const { handler, posts } = api(() => jsonResponse(500, {}))
    const { router } = await renderApp(boot({ user: user() }), '/credits/starter/sdd', handler)
    fireEvent.click(await screen.findByRole('button', { name: /^Pay/ }))
    await until(() => router.state.location.pathname === '/directdebit')
    expect(router.state.location.search).toBe('?package=starter&country=NL')
    await screen.findByTestId('dd-package-fixed')
    expect(posts()).toEqual([])
  })

  it('applies the member\'s discount code to the direct debit and shows what it takes off', async () => {
    const open10: DiscountCode = {
      code: 'OPEN10', value_percentage: 10, minimum_order_value: null, currency: null, country: null, paymentmethods: [],
      user_id: null, expires: null, validity: null, expired: false, status: 'active',
    }
    const { handler, posts } = api(() => jsonResponse(202, sent({ amount: 1796, list_amount: 1995, discount_code: 'OPEN10' })), open10)
    await renderApp(boot({ user: user() }), '/directdebit?package=starter&discount_code=OPEN10', handler)
    await until(() => plain(screen.queryByTestId('dd-package-amount')?.textContent) === '€17.96')
    expect(plain(screen.getByTestId('dd-package-fixed').textContent)).toContain('Discount OPEN10 (10%)')
    type('IBAN', 'NL91ABNA0417164300')
    type('Account holder', 'Jan de Vries')
    type('Mobile phone', '0612345678')
    fireEvent.click(screen.getByRole('button', { name: 'Text me the code' }))
    const summary = await screen.findByTestId('dd-summary')
    expect(posts()[0]?.discount_code).toBe('OPEN10')
    expect(plain(summary.textContent)).toContain('Discount OPEN10 (10%)')
    expect(plain(screen.getByTestId('dd-amount').textContent)).toBe('€17.96')
  })
})
