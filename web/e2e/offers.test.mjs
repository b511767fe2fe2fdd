// The signup's offers in the browser: a fresh LustLokaal member
// (signup_credits 50, welcome_discount_hours 168) has a personal welcome
// code and, for 14400 seconds, the time bonus TIMEBONUS25. The banner's
// countdown runs on the server's seconds left; its link leads to the
// packages at the reduced price; buying one through the sandbox sends the
// code, the provider charges the discounted amount, the credits arrive and
// the time bonus is used. The engine runs with --demo (the sandbox).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { call, open, signupMember, tickWaiver } from './lib.mjs'

/** seconds reads a countdown's hours:minutes:seconds. */
const seconds = (text) => {
  const [h, m, s] = text.trim().split(':').map(Number)
  return h * 3600 + m * 60 + s
}

test('redeem the time bonus within the window on a fresh member', async () => {
  const s = await open('localhost', { country: 'NL', locale: 'en' })
  try {
    await s.goto('/pages/faq')
    const me = await signupMember(s, { name: 'Bonushunter', prefix: 'bonus' })
    assert.equal(me.credits, 50)

    // The server's word: the time bonus with its seconds left, and the member's own welcome code.
    const bonus = await call(s, 'GET', '/api/discountcode.php?code=TIMEBONUS25')
    assert.equal(bonus.status, 200, JSON.stringify(bonus.body))
    assert.equal(bonus.body.value_percentage, 25)
    assert.equal(bonus.body.expired, false)
    assert.ok(bonus.body.validity > 14_000 && bonus.body.validity <= 14_400, `validity ${bonus.body.validity}`)
    const welcome = await call(s, 'GET', '/api/discountcode.php?welcome=true')
    assert.equal(welcome.status, 200, JSON.stringify(welcome.body))
    assert.match(welcome.body.code, /^WELCOME-[A-Z0-9]{8}$/)
    assert.equal(welcome.body.value_percentage, 25)
    assert.equal(welcome.body.user_id, me.id)
    const week = Date.parse(welcome.body.expires) - Date.parse(me.signup_date)
    assert.ok(Math.abs(week - 168 * 3600_000) < 1000, `the welcome code lasts ${week} ms`)

    await s.goto('/pricing')
    // The e-mail confirmation comes first; dismissed, the offer's banner shows (with 50 credits: no modal).
    await s.page.getByTestId('activation-alert').getByRole('button', { name: 'Dismiss' }).click()
    const banner = s.page.getByTestId('alert-timeBonus')
    await banner.waitFor()
    const countdown = banner.getByTestId('time-bonus-countdown')
    const shown = await countdown.textContent()
    assert.match(shown, /^0[34]:\d\d:\d\d$/)
    // It counts the server's seconds left (a few went by since the lookup), and ticks.
    const left = seconds(shown)
    assert.ok(left <= bonus.body.validity && left > bonus.body.validity - 60, `countdown ${shown}, server ${bonus.body.validity} s`)
    await s.page.waitForFunction((t) => document.querySelector('[data-testid="time-bonus-countdown"]')?.textContent !== t, shown)
    assert.equal(await s.page.getByTestId('time-bonus-modal').count(), 0)

    // The banner leads to the packages at the reduced price, with the code's conditions.
    await banner.getByRole('link').click()
    await s.page.waitForURL(/\/credits$/)
    const active = s.page.getByTestId('discount-active')
    await active.getByText('TIMEBONUS25', { exact: false }).waitFor()
    assert.match(await s.page.getByTestId('discount-conditions').textContent(), /Once per member/)
    const popular = s.page.locator('[data-testid="package"][data-id="popular"]')
    // 39.95 less 25%: 29.96 (half up), the price before struck through.
    assert.match((await popular.getByTestId('package-list-price').textContent()).replace(/\s/g, ' '), /39[.,]95/)
    assert.match((await popular.getByTestId('package-price').textContent()).replace(/\s/g, ' '), /39[.,]95.*29[.,]96/)

    await popular.getByRole('link').click()
    const pay = s.page.getByTestId('payment-form')
    await pay.getByRole('radio', { name: 'iDEAL', exact: true }).check()
    await s.page.getByTestId('order-discount').waitFor()
    assert.match((await s.page.getByTestId('order-total').textContent()).replace(/\s/g, ' '), /29[.,]96/)
    await tickWaiver(pay)
    await pay.getByRole('button', { name: /^Pay/ }).click()
    // The sandbox provider was asked for the discounted amount.
    await s.page.waitForURL(/\/sandbox\/pay\/[^/?]+$/)
    assert.match((await s.page.locator('body').textContent()).replace(/\s/g, ' '), /29[.,]96/)
    await tickWaiver(s.page)
    await s.page.getByRole('button', { name: 'Pay', exact: true }).click()
    await s.page.waitForURL(/\/credits\/popular\/ideal\?payment_id=/)
    await s.page.locator('[data-testid="payment-result"][data-status="completed"]').waitFor({ timeout: 20_000 })

    // The credits arrived, the member is paid, and the order was discounted with the time bonus.
    const after = await call(s, 'GET', '/api/user.php')
    assert.equal(after.body.user.credits, 300)
    assert.equal(after.body.user.paid_user, true)
    const list = await call(s, 'GET', '/api/transactions.php')
    const bought = list.body.transactions[0]
    assert.equal(bought.amount, 2996)
    assert.equal(bought.list_amount, 3995)
    assert.equal(bought.discount_code, 'TIMEBONUS25')
    // Used once for good; a paid member has no more banner.
    const again = await call(s, 'GET', '/api/discountcode.php?code=TIMEBONUS25')
    assert.equal(again.status, 409)
    assert.equal(again.body.message, 'Code already used')
    await s.goto('/pricing')
    await s.page.getByTestId('pricing-page').waitFor()
    assert.equal(await s.page.getByTestId('alert-timeBonus').count(), 0)
  } finally {
    await s.close()
  }
})
