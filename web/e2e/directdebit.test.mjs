// Direct debit in the browser: a fresh LustLokaal member pays a package by
// SEPA direct debit. The engine runs with --demo, so the code is texted to
// the development mailbox (GET /dev/mailbox.json: an entry to the phone
// number with the subject SMS) and the sandbox provider collects the direct
// debit at once. On a phone's width: nothing overflows.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { PHONE, assertNoSidewaysScroll, call, confirmEmail, open, signupMember, tickWaiver } from './lib.mjs'

/**
 * awaitSMS waits until the development mailbox holds an SMS to number (E.164)
 * and answers its text. It asks from the test, not with waitForFunction: an
 * async predicate returns a promise, which waitForFunction takes as truthy at
 * once, so the SMS had to be there at the first look (CI: the job had not run
 * 76 ms after the request, and the text came back null).
 */
async function awaitSMS(s, number) {
  for (const end = Date.now() + 15_000; Date.now() < end; ) {
    const box = await s.page.evaluate(async () => (await fetch('/dev/mailbox.json')).json())
    const text = box.find((m) => m.to === number && m.subject === 'SMS')?.text
    if (text) return text
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no SMS to ${number} in the development mailbox within 15 s`)
}

test('a direct debit with the SMS code read from the development mailbox', async () => {
  const s = await open('localhost', { country: 'NL', locale: 'en', ...PHONE })
  try {
    await s.goto('/pages/faq')
    const me = await signupMember(s, { name: 'Debitor', prefix: 'debit' })
    const before = me.credits
    // Codes are texted only to members whose address is confirmed.
    await confirmEmail(s, me.email)

    // SEPA direct debit on the method page leads to the direct debit page,
    // with the fresh member's time bonus (TIMEBONUS25) as for any method.
    await s.goto('/credits/starter')
    const form = s.page.getByTestId('payment-form')
    await form.getByRole('radio', { name: 'SEPA direct debit', exact: true }).check()
    await s.page.getByTestId('order-discount').waitFor()
    await tickWaiver(form)
    await form.getByRole('button', { name: /^Pay/ }).click()
    await s.page.waitForURL(/\/directdebit\?package=starter&country=NL&discount_code=TIMEBONUS25$/)
    // 19.95 less 25%: 14.96.
    await s.page.waitForFunction(() => /14[.,]96/.test(document.querySelector('[data-testid="dd-package-amount"]')?.textContent ?? ''))
    await assertNoSidewaysScroll(s.page, 'the direct debit page')

    // A number of this run only (the tenant's mailbox is shared), a Dutch
    // mobile one: 06 1xxxxxxx.
    const digits = '1' + String(Math.floor(Math.random() * 1e7)).padStart(7, '0')
    const number = `+316${digits}`
    await s.page.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 00')
    await s.page.getByLabel('Account holder').fill('Jan de Vries')
    await s.page.getByLabel('Mobile phone').fill(`06 ${digits}`)
    await tickWaiver(s.page)
    await s.page.getByRole('button', { name: 'Text me the code' }).click()

    // The account and the number are shown masked.
    const summary = s.page.getByTestId('dd-summary')
    await summary.waitFor()
    assert.equal(await summary.getByTestId('dd-masked-iban').textContent(), 'NL91 **** 4300')
    assert.equal(await summary.getByTestId('dd-masked-phone').textContent(), `+316*****${digits.slice(-3)}`)
    await assertNoSidewaysScroll(s.page, 'the code step')

    const text = await awaitSMS(s, number)
    const code = text.match(/\b\d{6}\b/)?.[0]
    assert.ok(code, `a 6-digit code in ${JSON.stringify(text)}`)
    assert.match(text, /LustLokaal/)
    assert.match(text, /14[.,]96/)

    // A wrong code first: Code invalid, and nothing is bought.
    const codeField = s.page.getByLabel('Code', { exact: true })
    await codeField.fill(code === '000000' ? '111111' : '000000')
    await tickWaiver(s.page)
    await s.page.getByRole('button', { name: /^Pay/ }).click()
    const error = s.page.getByTestId('dd-error')
    await error.waitFor()
    assert.match(await error.textContent(), /^Code invalid/)
    assert.equal(await error.getAttribute('role'), 'alert')
    assert.equal((await call(s, 'GET', '/api/user.php')).body.user.credits, before)

    // The right one: the order is placed as a direct debit and completes.
    await codeField.fill(code)
    await tickWaiver(s.page)
    await s.page.getByRole('button', { name: /^Pay/ }).click()
    await s.page.waitForURL(/\/credits\/starter\/sdd\?payment_id=pay_/)
    await s.page.locator('[data-testid="payment-result"][data-status="completed"]').waitFor({ timeout: 20_000 })
    assert.match(await s.page.getByTestId('payment-added').textContent(), /100 credits/)
    await assertNoSidewaysScroll(s.page, 'the payment result')

    // The credits arrived once, the member is premium, the order was paid by direct debit.
    const after = await call(s, 'GET', '/api/user.php')
    assert.equal(after.body.user.credits, before + 100)
    assert.equal(after.body.user.paid_user, true)
    const list = await call(s, 'GET', '/api/transactions.php')
    assert.equal(list.body.transactions.length, 1)
    assert.equal(list.body.transactions[0].paymentmethod, 'sdd')
    assert.equal(list.body.transactions[0].status, 'completed')
    assert.equal(list.body.transactions[0].amount, 1496)
    assert.equal(list.body.transactions[0].discount_code, 'TIMEBONUS25')
    // The code is used up.
    const again = await call(s, 'POST', '/api/directdebit.php', { code })
    assert.equal(again.status, 410)
  } finally {
    await s.close()
  }
})
