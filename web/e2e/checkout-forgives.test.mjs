// A checkout that forgives, on a phone (390x844): a fresh LustLokaal
// member opens the sandbox checkout with the time bonus TIMEBONUS25 and
// comes back without paying; the banner and the discounted prices are still
// on screen and the next order with the code is charged the discounted
// price (the first order is cancelled in its favour). A waiting order on
// /transactions has "Pay now"; the method page's "Choose a payment method."
// leaves the screen once a method is chosen. The engine runs with --demo
// (the sandbox).
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { PHONE, assertFullyVisible, assertNoSidewaysScroll, call, open, signupMember, tickWaiver } from './lib.mjs'

const shots = fileURLToPath(new URL('./screenshots/', import.meta.url))
const text = async (locator) => (await locator.textContent()).replace(/\s/g, ' ')

/** fresh opens a phone session of a new LustLokaal member on /credits, the e-mail reminder dismissed. */
async function fresh(prefix) {
  const s = await open('localhost', { country: 'NL', locale: 'en', ...PHONE })
  await s.goto('/pages/faq')
  const me = await signupMember(s, { name: 'Hesitant', prefix })
  await s.goto('/credits')
  await s.page.getByTestId('activation-alert').getByRole('button', { name: 'Dismiss' }).click()
  return { s, me }
}

test('coming back from the checkout without paying keeps the time bonus', async () => {
  const { s, me } = await fresh('forgive')
  try {
    const { page } = s
    const banner = page.getByTestId('alert-timeBonus')
    await banner.waitFor()
    await page.locator('[data-testid="package"][data-id="popular"]').getByRole('link').click()
    const form = page.getByTestId('payment-form')
    await form.getByRole('radio', { name: 'iDEAL', exact: true }).check()
    await page.getByTestId('order-discount').waitFor()
    assert.match(await text(page.getByTestId('order-total')), /29[.,]96/)
    await tickWaiver(form)
    await form.getByRole('button', { name: /^Pay/ }).click()
    await page.waitForURL(/\/sandbox\/pay\/[^/?]+$/)
    assert.match(await text(page.locator('body')), /29[.,]96/)

    // Back without paying: the server still answers the code, the banner
    // and the discounted price are on screen.
    const lookup = page.waitForResponse((r) => r.url().includes('/api/discountcode.php?code=TIMEBONUS25'))
    await page.goBack({ waitUntil: 'domcontentloaded' })
    assert.equal((await lookup).status(), 200)
    await page.waitForURL(/\/credits\/popular\/ideal$/)
    await banner.waitFor()
    await assertFullyVisible(banner, 'the time bonus banner after coming back')
    assert.match(await text(banner.getByTestId('time-bonus-countdown')), /^0[34]:\d\d:\d\d$/)
    await page.getByTestId('order-discount').waitFor()
    const total = page.getByTestId('order-total')
    assert.match(await text(total), /29[.,]96/)
    assert.match(await text(page.getByTestId('order-list-price')), /39[.,]95/)
    assert.equal(await page.getByTestId('discount-active').getByText('TIMEBONUS25', { exact: false }).count(), 1)
    assert.equal(await page.getByText('Code already used').count(), 0)
    await assertNoSidewaysScroll(page, 'the method page after coming back')
    // Every value of the summary stands on one line, never broken between letters.
    const summary = page.getByTestId('order-summary')
    const broken = await summary.evaluate((dl) =>
      [...dl.querySelectorAll('dd')]
        .map((dd) => {
          const range = document.createRange()
          range.selectNodeContents(dd)
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)))
          return lines.size > 1 ? `${dd.textContent} on ${lines.size} lines` : null
        })
        .filter(Boolean),
    )
    assert.deepEqual(broken, [], 'the order summary breaks its values')
    mkdirSync(shots, { recursive: true })
    // The order as the member sees it on coming back: the discount and its code.
    await summary.evaluate((el) => {
      el.closest('section').scrollIntoView({ block: 'start' })
      // Clear of the sticky header.
      const header = document.elementFromPoint(window.innerWidth / 2, 4)?.closest('header')
      window.scrollBy(0, -((header?.getBoundingClientRect().bottom ?? 0) + 12))
    })
    await page.screenshot({ path: `${shots}checkout-return-phone.png` })

    // The next order with the code is charged the discounted price and paid.
    await tickWaiver(form)
    await form.getByRole('button', { name: /^Pay/ }).click()
    await page.waitForURL(/\/sandbox\/pay\/[^/?]+$/)
    assert.match(await text(page.locator('body')), /29[.,]96/)
    await tickWaiver(page)
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await page.waitForURL(/\/credits\/popular\/ideal\?payment_id=/)
    await page.locator('[data-testid="payment-result"][data-status="completed"]').waitFor({ timeout: 20_000 })

    // Two orders: the first cancelled in favour of the second, which used the code once.
    const list = await call(s, 'GET', '/api/transactions.php')
    assert.deepEqual(list.body.transactions.map((t) => [t.status, t.amount, t.discount_code]), [
      ['completed', 2996, 'TIMEBONUS25'],
      ['cancelled', 2996, 'TIMEBONUS25'],
    ])
    const after = await call(s, 'GET', '/api/user.php')
    assert.equal(after.body.user.credits, me.credits + 250)
    assert.equal((await call(s, 'GET', '/api/discountcode.php?code=TIMEBONUS25')).status, 409)
  } finally {
    await s.close()
  }
})

test('Pay now pays a waiting order from /transactions', async () => {
  const { s, me } = await fresh('paynow')
  try {
    const { page } = s
    // An order the member left at the checkout.
    const left = await call(s, 'POST', '/api/orders.php', { package_id: 'starter', paymentmethod: 'ideal', country: 'NL', waive_withdrawal: true })
    assert.equal(left.status, 201, JSON.stringify(left.body))
    await s.goto('/transactions')
    const row = page.locator(`[data-testid="transaction"][data-id="${left.body.order_id}"]`)
    await row.waitFor()
    assert.equal(await row.getAttribute('data-status'), 'pending')
    const payNow = row.getByRole('button', { name: /^Pay now: €\s?19[.,]95$/ })
    await assertFullyVisible(payNow, 'Pay now')
    const box = await payNow.boundingBox()
    assert.ok(box.height >= 44, `Pay now is ${box.height}px tall`)
    await assertNoSidewaysScroll(page, '/transactions')
    mkdirSync(shots, { recursive: true })
    await page.screenshot({ path: `${shots}transactions-pay-now-phone.png` })

    const answer = page.waitForResponse((r) => r.url().endsWith('/api/paynow.php'))
    await payNow.click()
    assert.equal((await answer).status(), 201)
    await page.waitForURL(/\/sandbox\/pay\/[^/?]+$/)
    assert.match(await text(page.locator('body')), /19[.,]95/)
    await tickWaiver(page)
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await page.waitForURL(/\/credits\/starter\/ideal\?payment_id=/)
    await page.locator('[data-testid="payment-result"][data-status="completed"]').waitFor({ timeout: 20_000 })

    await s.goto('/transactions')
    await row.waitFor()
    assert.equal(await row.getAttribute('data-status'), 'completed')
    assert.equal(await row.getByRole('button').count(), 0)
    const after = await call(s, 'GET', '/api/user.php')
    assert.equal(after.body.user.credits, me.credits + 100)
  } finally {
    await s.close()
  }
})

test('the method error leaves the screen once a method is chosen', async () => {
  const { s } = await fresh('method')
  try {
    const { page } = s
    await s.goto('/credits/popular')
    const form = page.getByTestId('payment-form')
    await tickWaiver(form)
    await form.getByRole('button', { name: /^Pay/ }).click()
    const error = page.getByText('Choose a payment method.', { exact: true })
    await error.waitFor()
    assert.ok(await error.isVisible())
    await form.getByRole('radio', { name: 'PayPal', exact: true }).check()
    await page.waitForURL(/\/credits\/popular\/paypal$/)
    assert.equal(await error.count(), 0, 'the error is still on screen after a method was chosen')
    assert.equal(await page.getByTestId('payment-error').count(), 0)
  } finally {
    await s.close()
  }
})
