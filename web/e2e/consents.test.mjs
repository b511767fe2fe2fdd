// Consent on a brand with the European rules (LustLokaal, a Dutch company)
// on a phone: the signup asks the orientation consent and leaves marketing
// mail off; the withdrawal in the settings deletes the account; the lander's
// cookie question waits for the adults-only one and the affiliate cookie
// waits for the visitor's yes.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { assertFullyVisible, call, open, PHONE } from './lib.mjs'

const HOST = 'localhost'

/** box is an element's bounding box in the viewport, null when it shows nothing. */
const box = (locator) => locator.evaluate((el) => {
  const r = el.getBoundingClientRect()
  return r.width && r.height ? { left: r.left, top: r.top, right: r.right, bottom: r.bottom } : null
})

const overlap = (a, b) => !!a && !!b && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom

test('a new member on a phone is asked the orientation consent, starts without marketing mail and withdraws the consent', async () => {
  const s = await open(HOST, { country: 'NL', locale: 'en', ...PHONE })
  try {
    await s.goto('/signup')
    const page = s.page
    await page.getByRole('dialog').getByRole('button', { name: 'I am 18 or older, enter' }).click()
    const form = page.getByTestId('signup-step-account')
    await form.waitFor()
    const consent = form.getByRole('checkbox', { name: /processes my sexual orientation and preferences/ })
    const marketing = form.getByRole('checkbox', { name: 'Send me news, promotions and weekly updates by e-mail.' })
    assert.equal(await consent.isChecked(), false, 'the orientation consent is never ticked in advance')
    assert.equal(await marketing.isChecked(), false, 'marketing mail starts off on a brand with the European rules')
    await assertFullyVisible(consent, 'the orientation consent box')

    await form.getByLabel('a man').check()
    await form.getByLabel('Username').fill('Consenter')
    await form.getByLabel('Day', { exact: true }).selectOption('14')
    await form.getByLabel('Month', { exact: true }).selectOption('2')
    await form.getByLabel('Year', { exact: true }).selectOption('1990')
    const email = `consent-${Date.now()}@example.test`
    await form.getByLabel('E-mail address').fill(email)
    await form.getByLabel('Password').fill('secret-password-1')
    // Without the consent the form says why and sends nothing.
    let sent = 0
    page.on('request', (r) => { if (r.url().endsWith('/api/signup.php')) sent++ })
    await form.getByRole('button', { name: 'Create my free account' }).click()
    await form.getByText('Please agree that we process your orientation and preferences; without it we cannot match you.').waitFor()
    assert.equal(sent, 0, 'no signup without the consent')
    assert.equal(await consent.getAttribute('aria-invalid'), 'true')

    await consent.check()
    const [created] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/signup.php') && r.request().method() === 'POST'),
      form.getByRole('button', { name: 'Create my free account' }).click(),
    ])
    assert.equal(created.status(), 201)
    const notifications = await call(s, 'GET', '/api/notifications.php')
    assert.deepEqual([...notifications.body.disabled].sort(), ['news', 'promotions', 'weekly_updates'])
    const consents = await call(s, 'GET', '/api/consents.php')
    assert.equal(consents.body.orientation, true)
    assert.deepEqual(consents.body.outdated, [])

    // The settings say what withdrawing means; the withdrawal deletes the account.
    await s.goto('/notifications')
    const section = page.getByRole('region', { name: 'Privacy and consent' })
    await section.getByText('Without this consent we cannot match you with anyone').waitFor()
    await section.getByTestId('consent-history').getByText('Processing of your orientation and preferences: accepted', { exact: false }).waitFor()
    await section.getByRole('button', { name: 'Withdraw consent and delete my account' }).click()
    const dialog = page.getByRole('dialog', { name: 'Withdraw your consent?' })
    const [withdrawn] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/consents.php?kind=orientation') && r.request().method() === 'DELETE'),
      dialog.getByRole('button', { name: 'Withdraw and delete my account' }).click(),
    ])
    assert.equal(withdrawn.status(), 202)
    assert.equal((await withdrawn.json()).status, 'deletion_pending')
    await page.waitForURL(/\/account-deleted$/)
    const after = await call(s, 'GET', '/api/consents.php')
    assert.equal(after.status, 403, 'the session ended with the withdrawal')
  } finally {
    await s.close()
  }
})

test('the cookie question on a lander waits for the adults-only question, and rdv_tracking is set only after accepting', async () => {
  const s = await open(HOST, { country: 'NL', locale: 'en', askCookies: true, ...PHONE })
  try {
    const page = s.page
    await s.goto('/landers/video?network=e2ecookie&ref=site7&sub1=spring')
    const banner = page.getByTestId('cookie-banner')
    const gate = page.getByTestId('site-entry-modal')
    await gate.waitFor()
    // One box at a time: the cookie question waits behind the adults-only one.
    assert.equal(await banner.isVisible(), false, 'the cookie question shows beside the adults-only question')
    assert.equal(overlap(await box(gate), await box(banner)), false)
    await gate.getByRole('button', { name: 'I am 18 or older, enter' }).click()
    await banner.waitFor()
    await assertFullyVisible(banner.getByRole('button', { name: 'Accept all' }), 'the accept button')
    const b = await box(banner)
    assert.ok(b.left >= 0 && b.right <= 390 && Math.round(b.bottom) === 844, `the question sits at the bottom of the phone: ${JSON.stringify(b)}`)
    assert.ok(b.bottom - b.top < 844 / 3, `the question is small: ${Math.round(b.bottom - b.top)}px high`)
    const tracking = async () => (await s.context.cookies()).find((c) => c.name === 'rdv_tracking')
    assert.equal(await tracking(), undefined, 'the affiliate cookie was set before the visitor answered')

    const [answered] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/cookies.php')),
      banner.getByRole('button', { name: 'Accept all' }).click(),
    ])
    assert.equal(answered.status(), 204)
    await banner.waitFor({ state: 'detached' })
    const set = await tracking()
    assert.ok(set, 'the affiliate cookie after accepting')
    const remembered = new URLSearchParams(set.value)
    assert.equal(remembered.get('network'), 'e2ecookie')
    assert.equal(remembered.get('lander'), 'video')
    assert.equal((await s.context.cookies()).find((c) => c.name === 'rdv_consent')?.value, 'all')
    // Answered: the next page asks no more.
    await s.goto('/landers/video')
    assert.equal(await page.getByTestId('cookie-banner').count(), 0)
  } finally {
    await s.close()
  }
})

test('in the app the cookie question takes its turn after the adults-only question, and refusing keeps the affiliate cookie away', async () => {
  const s = await open(HOST, { country: 'NL', locale: 'en', askCookies: true, ...PHONE })
  try {
    const page = s.page
    await s.goto('/?network=e2eapp&ref=site8')
    const gate = page.getByTestId('site-entry-modal')
    await gate.waitFor()
    assert.equal(await page.getByTestId('cookie-banner').count(), 0, 'the cookie question shows beside the adults-only question')
    await gate.getByRole('button', { name: 'I am 18 or older, enter' }).click()
    const banner = page.getByTestId('cookie-banner')
    await banner.waitFor()
    await assertFullyVisible(banner.getByRole('button', { name: 'Only essential' }), 'the refuse button')
    const b = await box(banner)
    assert.ok(b.left >= 0 && b.right <= 390 && Math.round(b.bottom) === 844, `the question sits at the bottom of the phone: ${JSON.stringify(b)}`)
    const [answered] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/cookies.php')),
      banner.getByRole('button', { name: 'Only essential' }).click(),
    ])
    assert.equal(answered.status(), 204)
    await banner.waitFor({ state: 'detached' })
    const cookies = await s.context.cookies()
    assert.equal(cookies.find((c) => c.name === 'rdv_tracking'), undefined)
    assert.equal(cookies.find((c) => c.name === 'rdv_consent')?.value, 'essential')
  } finally {
    await s.close()
  }
})
