// Buying credits in the browser through the sandbox payment provider (issue
// 11), on two tenants: LustLokaal (localhost, NL: iDEAL, Bancontact in BE)
// and Herzklopfen (herzklopfen.localhost, DE: Sofort, TWINT and francs in
// CH). Each outcome of the sandbox's checkout (paid, failed, cancelled,
// pending then paid, expired) is played by a fresh member: the credits and
// premium after paying, the failure text and a working retry after a failure,
// the transaction with its invoice. The engine runs with --demo, which
// enables the sandbox.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { call, open, site, tickWaiver } from './lib.mjs'

const TENANTS = [
  { name: 'LustLokaal', host: 'localhost', country: 'NL', method: 'iDEAL', other: 'PayPal', abroad: { country: 'BE', method: 'Bancontact' } },
  { name: 'Herzklopfen', host: 'herzklopfen.localhost', country: 'DE', method: 'Sofort', other: 'Credit card', abroad: { country: 'CH', method: 'TWINT' } },
]

let seq = 0
/** signup makes a fresh free member in the context (so its pages are logged in) and answers it. */
async function signup(s) {
  await s.goto('/pages/faq')
  const email = `pay-${Date.now()}-${process.pid}-${seq++}@example.test`
  const res = await call(s.page, 'POST', '/api/signup.php', {
    orientation_consent: true,
    email,
    name: `Payer${seq}`,
    date_of_birth: '1990-01-01',
    password: 'billing-password-1',
    gender: 'male',
    seeking: 'female',
  })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body.user
}

/** me is the member as user.php answers now. */
async function me(s) {
  const res = await call(s.page, 'GET', '/api/user.php')
  assert.equal(res.status, 200)
  return res.body.user
}

/** transactions is transactions.php's list. */
async function transactions(s) {
  const res = await call(s.page, 'GET', '/api/transactions.php')
  assert.equal(res.status, 200)
  return res.body.transactions
}

/** choosePackage opens /credits and the popular package's payment page. */
async function choosePackage(page) {
  await page.getByTestId('credits-page').waitFor()
  const card = page.locator('[data-testid="package"][data-id="popular"]')
  await card.getByTestId('package-badge').getByText('Popular').waitFor()
  await card.getByRole('link', { name: /^Buy 250 credits for/ }).click()
  await page.getByTestId('payment-methods').waitFor()
}

/** pay picks a method, pays, and answers the sandbox checkout's URL once there. */
async function pay(page, method, form = page.getByTestId('payment-form')) {
  await form.getByRole('radio', { name: method, exact: true }).check()
  await tickWaiver(form)
  await form.getByRole('button', { name: /^Pay/ }).click()
  await page.waitForURL(/\/sandbox\/pay\/[^/?]+$/)
  return page.url()
}

/** decide presses an outcome button of the sandbox checkout and waits for the return to the app. */
async function decide(page, label) {
  await page.getByRole('button', { name: label, exact: true }).click()
  await page.waitForURL(/\/credits\/popular\/[a-z0-9]+\?payment_id=/)
}

const result = (page) => page.getByTestId('payment-result')
const settledAs = (page, status) => page.locator(`[data-testid="payment-result"][data-status="${status}"]`).waitFor({ timeout: 20_000 })

/** expectPaid checks the completed screen, the balance, premium and the navigation. */
async function expectPaid(s, before) {
  const { page } = s
  await settledAs(page, 'completed')
  await result(page).getByText('250 credits have been added to your account.').waitFor()
  await result(page).getByText(`Your balance is now ${before.credits + 250} credits.`).waitFor()
  await result(page).getByText('You are a premium member now.').waitFor()
  const nav = page.getByRole('navigation', { name: 'Main navigation' })
  await nav.getByTestId('nav-credits').waitFor()
  assert.equal(await nav.getByTestId('nav-premium').count(), 0)
  const after = await me(s)
  assert.equal(after.credits, before.credits + 250)
  assert.equal(after.paid_user, true)
}

/** expectTransaction opens the transaction of the completed screen and checks it and its invoice. */
async function expectTransaction(s, method) {
  const { page } = s
  await result(page).getByRole('link', { name: 'View the transaction' }).click()
  const detail = page.getByTestId('transaction-detail')
  await detail.waitFor()
  assert.equal(await detail.getAttribute('data-status'), 'completed')
  assert.equal(await detail.getByTestId('transaction-status').textContent(), 'Completed')
  assert.equal(await detail.getByTestId('transaction-credits').textContent(), '250')
  assert.equal(await detail.getByTestId('transaction-method').textContent(), method)
  // A fresh member is inside the time bonus's window: 39.95 less 25% (TIMEBONUS25).
  assert.match((await detail.getByTestId('transaction-amount').textContent()).replace(/\s/g, ' '), /29[.,]96/)
  const html = await detail.getByRole('link', { name: 'View the invoice' }).getAttribute('href')
  const pdf = await detail.getByRole('link', { name: 'Download the invoice (PDF)' }).getAttribute('href')
  const number = await detail.getByTestId('transaction-invoice-number').textContent()
  const invoice = await call(page, 'GET', html)
  assert.equal(invoice.status, 200)
  assert.match(invoice.type, /text\/html/)
  const full = await page.evaluate(async (p) => (await fetch(p)).text(), html)
  assert.ok(full.includes(number), `the invoice page names ${number}`)
  const file = await call(page, 'GET', pdf)
  assert.equal(file.status, 200)
  assert.match(file.type, /application\/pdf/)
  assert.ok(file.body.startsWith('%PDF-'), 'a PDF')
}

/** expectFailed checks the failure text of a failed, cancelled or expired payment and that nothing was credited. */
async function expectFailed(s, status, before) {
  const { page } = s
  await settledAs(page, status)
  assert.equal(await page.getByTestId('payment-failed').textContent(), 'Payment failed or has been cancelled.')
  await page.getByTestId('retry-form').getByRole('radio').first().waitFor()
  const now = await me(s)
  assert.equal(now.credits, before.credits)
  assert.equal(now.paid_user, false)
  const nav = page.getByRole('navigation', { name: 'Main navigation' })
  await nav.getByTestId('nav-premium').waitFor()
}

for (const t of TENANTS) {
  test(`${t.name}: paying makes the member premium with the credits, live in another tab, with the transaction and its invoice`, async () => {
    const s = await open(t.host, { locale: 'en', country: t.country })
    try {
      const before = await signup(s)
      assert.equal(before.paid_user, false)
      // A second tab watches the navigation flip live: after its first poll
      // (5 s) the next is 60 s away, so only the event stream can flip it.
      const watcher = await s.context.newPage()
      const firstPoll = watcher.waitForResponse((r) => r.url().includes('/api/likes.php'), { timeout: 15_000 })
      await watcher.goto(site(t.host) + '/pricing')
      const watcherNav = watcher.getByRole('navigation', { name: 'Main navigation' })
      await watcherNav.getByTestId('nav-premium').waitFor()
      await firstPoll

      await s.goto('/credits')
      await s.page.getByRole('navigation', { name: 'Main navigation' }).getByTestId('nav-premium').waitFor()
      await choosePackage(s.page)
      const summary = s.page.getByTestId('order-summary')
      await summary.getByText('250 credits').waitFor()
      await pay(s.page, t.method)
      await s.page.getByText('Sandbox payment: no money moves.', { exact: false }).waitFor()
      await decide(s.page, 'Pay')
      await expectPaid(s, before)

      await watcherNav.getByTestId('nav-credits').waitFor({ timeout: 15_000 })
      assert.equal(await watcherNav.getByTestId('nav-premium').count(), 0)

      await expectTransaction(s, t.method)
      await s.goto('/transactions')
      const item = s.page.getByTestId('transaction').first()
      assert.equal(await item.getAttribute('data-status'), 'completed')
      await watcher.close()
    } finally {
      await s.close()
    }
  })

  test(`${t.name}: a failed payment shows the failure text and a retry with another method pays the same order`, async () => {
    const s = await open(t.host, { locale: 'en', country: t.country })
    try {
      const before = await signup(s)
      await s.goto('/credits')
      await choosePackage(s.page)
      await pay(s.page, t.method)
      await decide(s.page, 'Fail')
      await expectFailed(s, 'failed', before)
      const orderId = await orderOf(s)

      await pay(s.page, t.other, s.page.getByTestId('retry-form'))
      await decide(s.page, 'Pay')
      await expectPaid(s, before)
      // The same order, paid once, with the second method.
      const list = await transactions(s)
      assert.equal(list.length, 1)
      assert.equal(list[0].id, orderId)
      assert.equal(list[0].status, 'completed')
      await expectTransaction(s, t.other)
    } finally {
      await s.close()
    }
  })

  test(`${t.name}: a cancelled payment shows the failure text and credits nothing`, async () => {
    const s = await open(t.host, { locale: 'en', country: t.country })
    try {
      const before = await signup(s)
      await s.goto('/credits')
      await choosePackage(s.page)
      await pay(s.page, t.method)
      await decide(s.page, 'Cancel')
      await expectFailed(s, 'cancelled', before)
      await s.goto('/transactions')
      const item = s.page.getByTestId('transaction').first()
      assert.equal(await item.getAttribute('data-status'), 'cancelled')
      await item.getByText('Cancelled').waitFor()
    } finally {
      await s.close()
    }
  })

  test(`${t.name}: a pending payment shows its progress and completes when the provider says paid`, async () => {
    const s = await open(t.host, { locale: 'en', country: t.country })
    try {
      const before = await signup(s)
      await s.goto('/credits')
      await choosePackage(s.page)
      const checkout = await pay(s.page, t.method)
      await decide(s.page, 'Leave pending')
      const progress = s.page.getByTestId('payment-progress')
      await progress.getByText('Your payment is being processed. This page updates by itself.').waitFor()
      await progress.getByText(/Checked \d+ times?/).waitFor()
      assert.equal(await result(s.page).getAttribute('data-status'), 'pending')

      // The payer finishes at the provider in another tab; this one follows by itself.
      const other = await s.context.newPage()
      await other.goto(checkout)
      await tickWaiver(other)
      await other.getByRole('button', { name: 'Pay', exact: true }).click()
      await other.waitForURL(/payment_id=/)
      await other.close()
      await expectPaid(s, before)
    } finally {
      await s.close()
    }
  })

  test(`${t.name}: an expired payment shows the failure text and the retry`, async () => {
    const s = await open(t.host, { locale: 'en', country: t.country })
    try {
      const before = await signup(s)
      await s.goto('/credits')
      await choosePackage(s.page)
      await pay(s.page, t.method)
      await decide(s.page, 'Let expire')
      await expectFailed(s, 'expired', before)
      await s.goto('/transactions')
      assert.equal(await s.page.getByTestId('transaction').first().getAttribute('data-status'), 'expired')
    } finally {
      await s.close()
    }
  })

  test(`${t.name}: another payment country offers its own methods and currency, at 390 px without overflow`, async () => {
    const s = await open(t.host, { locale: 'en', country: t.country, width: 390 })
    try {
      await signup(s)
      await s.goto('/credits')
      await choosePackage(s.page)
      const country = s.page.getByLabel('Payment country')
      assert.equal(await country.inputValue(), t.country)
      assert.equal(await s.page.getByRole('radio', { name: t.abroad.method, exact: true }).count(), 0)
      await country.selectOption(t.abroad.country)
      await s.page.getByRole('radio', { name: t.abroad.method, exact: true }).waitFor()
      await s.page.waitForURL(new RegExp(`country=${t.abroad.country}`))
      const noOverflow = () => s.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
      assert.equal(await noOverflow(), true, 'the payment page fits 390 px')
      await pay(s.page, t.abroad.method)
      await s.page.getByText(t.abroad.country === 'CH' ? /CHF/ : /EUR/).first().waitFor()
      await decide(s.page, 'Pay')
      await settledAs(s.page, 'completed')
      assert.equal(await noOverflow(), true, 'the result fits 390 px')
      await s.goto('/transactions')
      await s.page.getByTestId('transaction').first().waitFor()
      assert.equal(await noOverflow(), true, 'the transactions fit 390 px')
    } finally {
      await s.close()
    }
  })
}

/** orderOf is the order of the member's only transaction. */
async function orderOf(s) {
  const list = await transactions(s)
  assert.equal(list.length, 1)
  return list[0].id
}

test('visitors see the prices of /pricing in their locale and currency', async () => {
  for (const [host, country, price] of [
    ['localhost', 'NL', '€ 39,95'],
    ['herzklopfen.localhost', 'DE', '39,95 €'],
    ['herzklopfen.localhost', 'CH', '39,90 CHF'],
  ]) {
    const s = await open(host, { country })
    try {
      await s.goto('/pricing')
      const card = s.page.locator('[data-testid="package"][data-id="popular"]')
      const text = (await card.getByTestId('package-price').textContent()).replace(/[\u00a0\u202f]/g, ' ')
      assert.equal(text, price, `${host} ${country}`)
      assert.equal(await card.getByRole('link').count(), 0)
    } finally {
      await s.close()
    }
  }
})
