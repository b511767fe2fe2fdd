// The server-rendered landers (engine/landerpages, landers/): the tinderswipe
// deck on a phone by touch, mouse and keys, then the inline signup form
// into the app, logged in; nothing wider than the phone.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { assertFullyVisible, assertNoSidewaysScroll, call, open, PHONE } from './lib.mjs'

const HOST = 'localhost'

/** decisions are the cards' data-decision values, in deck order ('' undecided). */
const decisions = (page) =>
  page.$$eval('[data-testid="swipe-card"]', (cards) => cards.map((c) => c.getAttribute('data-decision') ?? ''))

/** drag moves the top card by dx pixels with the mouse or, with touch, by touch events through the DevTools protocol. */
async function drag(s, dx, { touch = false } = {}) {
  const card = s.page.locator('[data-testid="swipe-card"]:not(.gone)').first()
  const box = await card.boundingBox()
  const x = box.x + box.width / 2
  const y = box.y + box.height / 2
  if (!touch) {
    await s.page.mouse.move(x, y)
    await s.page.mouse.down()
    for (let i = 1; i <= 8; i++) await s.page.mouse.move(x + (dx * i) / 8, y + i)
    await s.page.mouse.up()
    return
  }
  const cdp = await s.context.newCDPSession(s.page)
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] })
  for (let i = 1; i <= 8; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * i) / 8, y: y + i }] })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
}

test('tinderswipe on a phone: swipe by touch, mouse, buttons and keys, then sign up and land in the app logged in', async () => {
  const s = await open(HOST, { country: 'NL', locale: 'en', ...PHONE })
  try {
    await s.goto('/landers/tinderswipe/b?network=e2enet&ref=swipe1')
    const page = s.page
    // A Dutch visitor answers the adults-only question first (public-honest.test.mjs measures it).
    await page.getByRole('dialog').getByRole('button', { name: 'I am 18 or older, enter' }).click()
    await page.getByTestId('swipe-deck').waitFor()
    await page.getByTestId('entry-warning').waitFor()
    await assertNoSidewaysScroll(page, 'the lander on a phone')
    const total = (await decisions(page)).length
    assert.ok(total >= 4, `the deck has ${total} members, want at least 4`)
    await assertFullyVisible(page.getByTestId('swipe-like'), 'the like button')

    await drag(s, 220, { touch: true })
    await page.waitForFunction(() => document.querySelectorAll('[data-decision="like"]').length === 1)
    await drag(s, -220, { touch: true })
    await page.waitForFunction(() => document.querySelectorAll('[data-decision="pass"]').length === 1)
    // A short drag is no decision: the card comes back.
    await drag(s, 30)
    assert.deepEqual((await decisions(page)).slice(0, 3), ['like', 'pass', ''])
    await drag(s, 220)
    await page.waitForFunction(() => document.querySelectorAll('[data-decision="like"]').length === 2)
    await page.getByRole('button', { name: 'Pass (left arrow)' }).click()
    assert.deepEqual((await decisions(page)).slice(0, 4), ['like', 'pass', 'like', 'pass'])
    await page.keyboard.press('ArrowRight')
    await assert.doesNotReject(page.getByTestId('swipe-status').filter({ hasText: 'You liked' }).waitFor())
    for (let i = 5; i < total; i++) await page.keyboard.press('ArrowLeft')
    await page.getByTestId('swipe-done').waitFor()
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('href')), '#signup', 'the focus moves to the way to sign up')
    await assertNoSidewaysScroll(page, 'the lander after the deck')

    await page.keyboard.press('Enter')
    const form = page.getByTestId('lander-signup-form')
    await page.getByLabel('a man').check()
    await page.getByLabel('Username').fill('Swipetester')
    const born = page.getByRole('group', { name: 'Date of birth (18+)' })
    await born.getByLabel('Day').selectOption('5')
    await born.getByLabel('Month').selectOption({ label: 'April' })
    await born.getByLabel('Year').selectOption('1990')
    await page.getByLabel('E-mail address').fill('not-an-address')
    await page.getByLabel('Password').fill('secret-password-1')
    await form.getByTestId('lander-orientation-consent').check()
    await form.getByRole('button', { name: 'Create my free account' }).click()
    // The refusal in the form, on its field, with the focus there.
    await page.locator('#e-email').filter({ hasText: 'Invalid email' }).waitFor()
    assert.equal(await page.evaluate(() => document.activeElement?.id), 's-email')
    assert.equal(await page.getByLabel('E-mail address').getAttribute('aria-invalid'), 'true')

    const email = `swipe-${Date.now()}@example.test`
    await page.getByLabel('E-mail address').fill(email)
    await form.getByRole('button', { name: 'Create my free account' }).click()
    await page.waitForURL(/\/complete-signup$/)
    await page.getByTestId('signup-flow').waitFor()
    const me = await call(s, 'GET', '/api/user.php')
    assert.ok(me.body.user, JSON.stringify(me.body))
    assert.equal(me.body.user.profile.name, 'Swipetester')
    await assertNoSidewaysScroll(page, 'the app after the lander')
  } finally {
    await s.close()
  }
})

test('an unknown lander is a 404 page in the lander layout', async () => {
  const s = await open(HOST, { locale: 'en', ...PHONE })
  try {
    const res = await s.goto('/landers/nosuchlander')
    assert.equal(res.status(), 404)
    await s.page.getByRole('link', { name: 'Back to the home page' }).waitFor()
    await s.page.getByTestId('site-footer').waitFor()
  } finally {
    await s.close()
  }
})
