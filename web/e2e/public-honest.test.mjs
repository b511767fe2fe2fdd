// The brand's public pages on a phone (390x844) are honest and clean: the
// names on the visitor home page and the landers are members', never the
// demo's test logins; the video lander moves the members' own photos
// (no live badge, no player); the adults-only question covers a lander for
// a visitor from the brand's countries, reachable and big enough to tap,
// and stays answered into the app; the signup's date of birth is three
// fields side by side within the phone's width.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { assertFullyVisible, assertNoSidewaysScroll, open, PHONE } from './lib.mjs'

/** TEST_LOGINS are the names of the demo's test accounts (demo@ and premium@). */
const TEST_LOGINS = ['Demo', 'Premium Demo']

/** namesOn are the names the visible member cards of the page show (their <strong>, else their first line). */
const namesOn = (page, selector) =>
  page.$$eval(selector, (els) =>
    els
      .filter((e) => e.getBoundingClientRect().width > 0)
      .map((e) => (e.querySelector('strong, h3')?.textContent ?? e.textContent ?? '').split(',')[0].trim()),
  )

test('the home page and the landers show members, never the test logins, and no invented video', async () => {
  const s = await open('localhost', { locale: 'en', ...PHONE })
  try {
    await s.goto('/')
    const teasers = s.page.getByTestId('home-teaser')
    await teasers.first().waitFor()
    const home = await namesOn(s.page, '[data-testid="home-teaser"]')
    assert.ok(home.length > 0, 'the home page shows members')
    for (const name of home) assert.ok(!TEST_LOGINS.includes(name), `the home page shows the test login ${name}`)

    for (const lander of ['video', 'socialnetwork', 'tinderswipe', 'gallery']) {
      await s.goto(`/landers/${lander}`)
      const names = await namesOn(s.page, '[data-testid="lander-member"]')
      assert.ok(names.length > 0, `${lander}: no members`)
      for (const name of names) assert.ok(!TEST_LOGINS.includes(name), `${lander} shows the test login ${name}`)
      await assertNoSidewaysScroll(s.page, `/landers/${lander}`)
    }

    // The video lander: the first member's own photo, with what the profile says; no badge, time or captions.
    await s.goto('/landers/video')
    const reel = s.page.getByTestId('video-reel')
    await reel.waitFor()
    const text = await reel.innerText()
    assert.doesNotMatch(text, /\bLIVE\b|\d:\d\d|Hi, I/i, `the reel says ${text}`)
    const shown = s.page.locator('.frame.on')
    const photo = await shown.locator('img').boundingBox()
    assert.ok(photo && photo.width >= 300 && photo.height >= 300, `the shown photo is ${JSON.stringify(photo)}`)
    await assertFullyVisible(s.page.getByTestId('reel-pause'), 'the reel pause button')
    const pause = await s.page.getByTestId('reel-pause').boundingBox()
    assert.ok(pause.height >= 44 && pause.width >= 44, `the pause button is ${pause.width}x${pause.height}`)
  } finally {
    await s.close()
  }
})

test('a Dutch visitor meets the adults-only question over a lander: it covers the page, its buttons are reachable and big, and it stays answered into the app', async () => {
  const s = await open('localhost', { country: 'NL', locale: 'en', ...PHONE })
  const assets = []
  s.page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/assets/')) assets.push(req.url())
  })
  try {
    await s.goto('/landers/gallery')
    const dialog = s.page.getByRole('dialog', { name: 'Adults only' })
    await dialog.waitFor()
    assert.equal(await dialog.getAttribute('aria-modal'), 'true')
    // It covers the lander: the headline's middle is under the question's backdrop.
    const covered = await s.page.evaluate(() => {
      const h = document.querySelector('h1').getBoundingClientRect()
      const hit = document.elementFromPoint(h.left + h.width / 2, h.top + h.height / 2)
      const gate = document.querySelector('[data-testid="site-entry-modal"]').getBoundingClientRect()
      return { byGate: !!hit?.closest('[data-testid="site-entry-modal"]'), gate: [gate.left, gate.top, gate.width, gate.height] }
    })
    assert.ok(covered.byGate, 'the lander shows through the question')
    assert.deepEqual(covered.gate, [0, 0, 390, 844], 'the backdrop covers the whole phone screen')
    const enter = dialog.getByRole('button', { name: 'I am 18 or older, enter' })
    const leave = dialog.getByRole('link', { name: 'Leave' })
    for (const [what, el] of [
      ['enter', enter],
      ['leave', leave],
    ]) {
      await assertFullyVisible(el, `the ${what} button`)
      const box = await el.boundingBox()
      assert.ok(box.height >= 44 && box.width >= 44, `the ${what} button is ${box.width}x${box.height}`)
    }
    // The keyboard: the focus starts on entering and Tab stays within the question.
    assert.equal(await s.page.evaluate(() => document.activeElement?.dataset.testid), 'site-entry-enter')
    await s.page.keyboard.press('Tab')
    assert.equal(await s.page.evaluate(() => document.activeElement?.dataset.testid), 'site-entry-leave')
    await s.page.keyboard.press('Tab')
    assert.equal(await s.page.evaluate(() => document.activeElement?.dataset.testid), 'site-entry-enter')
    assert.deepEqual(assets, [], "the lander loads the app's bundle")

    await s.page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    assert.equal(await s.page.evaluate(() => document.activeElement?.tagName), 'H1', 'the focus goes to the lander')
    assert.equal(await s.page.locator('.page[inert]').count(), 0, 'the lander stays inert')
    await s.goto('/landers/tinderswipe')
    await s.page.getByTestId('swipe-deck').waitFor()
    assert.equal(await s.page.getByRole('dialog').count(), 0, 'another lander asks again')
    // The app knows the answer too.
    await s.goto('/')
    await s.page.getByTestId('home-hero').waitFor()
    assert.equal(await s.page.getByTestId('site-entry-modal').count(), 0, 'the app asks again')
  } finally {
    await s.close()
  }
})

test("the lander signup asks the date of birth in day, month and year fields side by side within the phone's width", async () => {
  const s = await open('localhost', { locale: 'en', ...PHONE })
  try {
    await s.goto('/landers/gallery')
    const born = s.page.getByRole('group', { name: 'Date of birth (18+)' })
    await born.scrollIntoViewIfNeeded()
    assert.equal(await s.page.locator('input[type="date"]').count(), 0, 'a native date field')
    const boxes = []
    for (const label of ['Day', 'Month', 'Year']) {
      const field = born.getByLabel(label)
      await assertFullyVisible(field, `the ${label} field`)
      boxes.push({ label, ...(await field.boundingBox()) })
    }
    for (const b of boxes) {
      assert.ok(b.height >= 44, `${b.label} is ${b.height}px high`)
      assert.ok(b.x >= 0 && b.x + b.width <= 390, `${b.label} spans ${b.x}..${b.x + b.width}`)
      assert.ok(Math.abs(b.y - boxes[0].y) <= 2, `${b.label} is not in the row (${b.y} vs ${boxes[0].y})`)
    }
    assert.ok(boxes[0].x + boxes[0].width <= boxes[1].x && boxes[1].x + boxes[1].width <= boxes[2].x, 'the fields overlap or are out of order')
    const month = born.getByLabel('Month')
    await month.selectOption({ label: 'March' })
    const shown = await month.evaluate((el) => el.options[el.selectedIndex].text)
    assert.equal(shown, 'March')
    const monthBox = boxes[1]
    assert.ok(monthBox.width >= 90, `the month field is ${monthBox.width}px wide, too narrow for its names`)
    await assertNoSidewaysScroll(s.page, 'the lander at its signup')
  } finally {
    await s.close()
  }
})

test('an English reader of LustLokaal (Dutch and English) reads the fictional-profile markers in English, in the app and on a lander', async () => {
  const s = await open('localhost', { locale: 'en', ...PHONE })
  try {
    await s.goto('/members')
    const tag = s.page.getByTestId('fictional-tag').first()
    await tag.waitFor()
    assert.equal((await tag.innerText()).trim(), 'Fictional profile')
    await assertFullyVisible(s.page.getByTestId('profile-card').first(), 'the first card')
    assert.match(await s.page.getByTestId('disclaimer').innerText(), /Some profiles on this site are fictional/)
    assert.doesNotMatch(await s.page.locator('body').innerText(), /Fictief|fictief/, 'Dutch markers on the English page')

    await s.goto('/landers/gallery')
    const footer = s.page.getByTestId('fictional-warning')
    await footer.scrollIntoViewIfNeeded()
    assert.equal((await footer.innerText()).trim(), 'Some profiles on this site are fictional and run by staff.')
    assert.doesNotMatch(await s.page.locator('body').innerText(), /Fictief|fictief/, 'Dutch markers on the English lander')
  } finally {
    await s.close()
  }
})
