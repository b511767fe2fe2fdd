// The offer to stay (company delete_discount): a fresh LustLokaal member
// (50%) starts deleting the account, takes the offer instead, follows the
// code to the credits page, where it is applied, and pays the discounted
// package through the sandbox. The account stays, the code is used once, and
// the offer is not made again. The engine runs with --demo (the sandbox).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { call, open, tickWaiver } from './lib.mjs'

test('delete flow: the offer to stay gives a code that the checkout applies, once', async () => {
  const s = await open('localhost', { country: 'NL', locale: 'en' })
  try {
    await s.goto('/pages/faq')
    const email = `stay-${Date.now()}-${process.pid}@example.test`
    const made = await call(s.page, 'POST', '/api/signup.php', {
      orientation_consent: true,
      email, name: 'Stayer', date_of_birth: '1990-01-01', password: 'retention-password-1', gender: 'male', seeking: 'female',
    })
    assert.equal(made.status, 201, JSON.stringify(made.body))

    await s.goto('/notifications')
    await s.page.getByTestId('delete-account').click()
    const dialog = s.page.getByTestId('delete-confirm')
    const offer = dialog.getByTestId('retention-offer')
    await offer.getByText('Stay with us and get 50% off your next purchase.', { exact: false }).waitFor()
    await offer.getByRole('button', { name: 'Stay and get 50% off' }).click()
    const shown = s.page.getByTestId('retention-code')
    await shown.waitFor()
    const code = (await shown.locator('strong').textContent()).trim()
    assert.match(code, /^STAY-[A-Z2-9]{8}$/)

    // The code goes to the credits page and is applied there: 39.95 less 50% is 19.98.
    await shown.getByRole('link', { name: 'Use my code now' }).click()
    await s.page.waitForURL(/\/credits\?discount_code=STAY-/)
    await s.page.getByTestId('discount-active').waitFor()
    const popular = s.page.locator('[data-testid="package"][data-id="popular"]')
    assert.match((await popular.getByTestId('package-price').textContent()).replace(/\s/g, ' '), /39[.,]95.*19[.,]98/)
    await popular.getByRole('link').click()
    const pay = s.page.getByTestId('payment-form')
    await pay.getByRole('radio', { name: 'iDEAL', exact: true }).check()
    assert.match((await s.page.getByTestId('order-total').textContent()).replace(/\s/g, ' '), /19[.,]98/)
    await tickWaiver(pay)
    await pay.getByRole('button', { name: /^Pay/ }).click()
    await s.page.waitForURL(/\/sandbox\/pay\/[^/?]+$/)
    await tickWaiver(s.page)
    await s.page.getByRole('button', { name: 'Pay', exact: true }).click()
    await s.page.waitForURL(/\/credits\/popular\/ideal\?payment_id=/)
    await s.page.locator('[data-testid="payment-result"][data-status="completed"]').waitFor({ timeout: 20_000 })

    // Used once; the account is still there and the offer is not made again.
    const again = await call(s.page, 'GET', `/api/discountcode.php?code=${code}`)
    assert.equal(again.status, 409)
    const bought = (await call(s.page, 'GET', '/api/transactions.php')).body.transactions[0]
    assert.equal(bought.amount, 1998)
    assert.equal(bought.discount_code, code)
    const second = await call(s.page, 'POST', '/api/retention.php')
    assert.equal(second.status, 409)
    assert.equal(second.body.error, 'retention_offer_taken')
    await s.goto('/notifications')
    const answered = s.page.waitForResponse((r) => r.url().includes('/api/retention.php'))
    await s.page.getByTestId('delete-account').click()
    const answer = await (await answered).json()
    assert.deepEqual([answer.offered, answer.taken], [false, true])
    await dialog.getByRole('button', { name: 'Yes, delete my account' }).waitFor()
    assert.equal(await dialog.getByTestId('retention-offer').count(), 0)
  } finally {
    await s.close()
  }
})
