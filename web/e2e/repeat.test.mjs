// Repeat orders on a kept card through the sandbox provider on LustLokaal: a
// fresh member buys by credit card with "Keep my card for one-click repeat
// orders" ticked, keeping one of the sandbox's test cards on its checkout
// (Mastercard 0341 declines repeat charges, Visa 4242 pays them). On
// /credits/repeat-order a click charges the card without a redirect:
// declined, the member sees 'Credit card payment failed' and pays
// the order via the provider's checkout instead; paid, the credits arrive at
// once. The engine runs with --demo, which enables the sandbox.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { call, open, assertNoSidewaysScroll, PHONE, tickWaiver } from './lib.mjs'

let seq = 0
/** signup makes a fresh free member in the context and answers it. */
async function signup(s) {
  await s.goto('/pages/faq')
  const res = await call(s.page, 'POST', '/api/signup.php', {
    orientation_consent: true,
    email: `repeat-${Date.now()}-${process.pid}-${seq++}@example.test`,
    name: `Repeater${seq}`,
    date_of_birth: '1990-01-01',
    password: 'repeat-password-1',
    gender: 'male',
    seeking: 'female',
  })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body.user
}

/** credits is the member's balance as user.php answers it now. */
async function credits(s) {
  const res = await call(s.page, 'GET', '/api/user.php')
  assert.equal(res.status, 200)
  return res.body.user.credits
}

/** keepCard buys the starter package by credit card keeping the sandbox's test card named label. */
async function keepCard(s, label) {
  const { page } = s
  await s.goto('/credits/starter/creditcard')
  const form = page.getByTestId('payment-form')
  await form.getByRole('radio', { name: 'Credit card', exact: true }).check()
  await form.getByRole('checkbox', { name: 'Keep my card for one-click repeat orders' }).check()
  await tickWaiver(form)
  await form.getByRole('button', { name: /^Pay/ }).click()
  await page.waitForURL(/\/sandbox\/pay\/[^/?]+$/)
  await page.getByRole('group', { name: 'Card to keep for repeat orders' }).getByLabel(label).check()
  await tickWaiver(page)
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await page.waitForURL(/\/credits\/starter\/creditcard\?payment_id=/)
  await page.locator('[data-testid="payment-result"][data-status="completed"]').waitFor({ timeout: 20_000 })
}

/** openRepeat opens /credits/repeat-order and waits for the kept card and the packages. */
async function openRepeat(s, card) {
  await s.goto('/credits/repeat-order')
  assert.equal(await s.page.getByTestId('stored-card-label').textContent(), card)
  await s.page.getByTestId('repeat-package').first().waitFor()
}

/** buy clicks the one-click button of the popular package. */
async function buy(page) {
  await tickWaiver(page)
  await page.locator('[data-testid="repeat-package"][data-id="popular"]').getByRole('button', { name: /^Buy 250 credits for .* with your card$/ }).click()
}

test('a repeat order that fails and is paid via the provider', async () => {
  const s = await open('localhost', { locale: 'en', country: 'NL' })
  try {
    await signup(s)
    await keepCard(s, /Mastercard •••• 0341/)
    const before = await credits(s)
    await openRepeat(s, 'Mastercard ending in 0341')

    await buy(s.page)
    const failed = s.page.getByTestId('repeat-failed')
    await failed.waitFor({ timeout: 20_000 })
    assert.equal(await failed.textContent(), 'Credit card payment failed')
    assert.equal(await credits(s), before)
    // No redirect happened: still on the repeat order page.
    assert.match(s.page.url(), /\/credits\/repeat-order$/)

    await s.page.getByRole('button', { name: 'Pay via the payment provider' }).click()
    await s.page.waitForURL(/\/sandbox\/pay\/[^/?]+$/)
    await s.page.getByText('Sandbox payment: no money moves.', { exact: false }).waitFor()
    await tickWaiver(s.page)
    await s.page.getByRole('button', { name: 'Pay', exact: true }).click()
    await s.page.waitForURL(/\/credits\/popular\/creditcard\?payment_id=/)
    const result = s.page.locator('[data-testid="payment-result"][data-status="completed"]')
    await result.waitFor({ timeout: 20_000 })
    await result.getByText('250 credits have been added to your account.').waitFor()
    assert.equal(await credits(s), before + 250)
    // The failed repeat order is the one paid: one order for it, completed.
    const list = await call(s.page, 'GET', '/api/transactions.php')
    assert.equal(list.body.transactions.filter((t) => t.package_id === 'popular').length, 1)
    assert.equal(list.body.transactions.find((t) => t.package_id === 'popular').status, 'completed')
  } finally {
    await s.close()
  }
})

test('a successful repeat order on a phone, then the card is removed', async () => {
  const s = await open('localhost', { locale: 'en', country: 'NL', ...PHONE })
  try {
    await signup(s)
    await keepCard(s, /Visa •••• 4242/)
    const before = await credits(s)
    await openRepeat(s, 'Visa ending in 4242')
    await assertNoSidewaysScroll(s.page, 'the repeat order page')

    await buy(s.page)
    const done = s.page.locator('[data-testid="repeat-result"][data-status="completed"]')
    await done.waitFor({ timeout: 20_000 })
    await done.getByText('250 credits have been added to your account.').waitFor()
    assert.equal(await credits(s), before + 250)
    assert.match(s.page.url(), /\/credits\/repeat-order$/)

    await s.page.getByRole('button', { name: 'Remove card' }).click()
    await s.page.getByRole('button', { name: 'Yes, remove the card' }).click()
    await s.page.getByTestId('card-removed').waitFor()
    await s.goto('/credits/repeat-order')
    await s.page.getByTestId('no-stored-card').waitFor()
  } finally {
    await s.close()
  }
})
