// The lander designs (landers/README.md): each renders on a phone without
// sideways scrolling, shows the niche's members, and its signup form is
// reached by the keyboard alone, with the focus visible.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { landers } from '../scripts/lighthouse.mjs'
import { PHONE, assertNoSidewaysScroll, open } from './lib.mjs'

// tinderswipe has its own test (landers.test.mjs).
const designs = landers.filter((name) => name !== 'tinderswipe')

for (const name of designs) {
  for (const host of ['localhost', 'de.localhost']) {
    test(`the ${name} lander on ${host} fits a phone, shows members and reaches signup by keyboard`, async () => {
      const s = await open(host, PHONE)
      try {
        const res = await s.goto(`/landers/${name}`)
        assert.equal(res.status(), 200)
        assert.equal(await s.page.locator('body').getAttribute('data-lander'), name)
        await s.page.getByRole('heading', { level: 1 }).waitFor()
        const members = s.page.getByTestId('lander-member')
        assert.ok((await members.count()) > 0, `${name}: no members`)
        await members.first().scrollIntoViewIfNeeded()
        assert.ok(await members.first().isVisible(), `${name}: the first member is not visible`)
        // Texts for screen readers only (class sr) take no room on the screen.
        const shown = await s.page.$$eval('.sr', (els) => els.filter((e) => e.getBoundingClientRect().width > 1).map((e) => e.textContent))
        assert.deepEqual(shown, [], `${name}: screen-reader texts shown`)
        // Every photo of the page is loaded by the time it is scrolled to the end.
        await s.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
        await assertNoSidewaysScroll(s.page, `${host}/landers/${name}`)
        await s.page.evaluate(() => window.scrollTo(0, 0))

        // Tab from the top of the page to the form's first field.
        await s.page.locator('body').focus()
        let reached = false
        for (let i = 0; i < 160 && !reached; i++) {
          await s.page.keyboard.press('Tab')
          const at = await s.page.evaluate(() => {
            const el = document.activeElement
            const cs = el ? getComputedStyle(el) : null
            return {
              inForm: !!el?.closest('[data-testid="lander-signup-form"]'),
              outline: cs ? cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0 : false,
              tag: el?.tagName,
              visible: !!el && el.getBoundingClientRect().width > 0,
            }
          })
          if (at.tag !== 'BODY' && at.visible) assert.ok(at.outline, `${name}: the focus on a ${at.tag} (tab ${i + 1}) shows no outline`)
          reached = at.inForm
        }
        assert.ok(reached, `${name}: the signup form is not reached by Tab`)
        await assertNoSidewaysScroll(s.page, `${host}/landers/${name} at the form`)
      } finally {
        await s.close()
      }
    })
  }
}

test('the slideshow advances by itself, pauses by its button, and starts paused for reduced motion', async () => {
  const s = await open('localhost', PHONE)
  try {
    await s.goto('/landers/transitionsvideolanding/she')
    const pause = s.page.getByTestId('slideshow-pause')
    await pause.waitFor()
    assert.equal(await pause.getAttribute('aria-pressed'), 'false')
    // Only the shown slide's photo and the next one's load at first (all
    // twelve at once kept the largest paint waiting: Lighthouse LCP 4 s).
    await s.page.waitForFunction(() => document.querySelector('.slide.on img')?.complete)
    const loaded = await s.page.evaluate(() => [...document.querySelectorAll('.slide img')].filter((i) => i.naturalWidth > 0).length)
    assert.ok(loaded >= 1 && loaded <= 2, `${loaded} slide photos loaded before their turn`)
    const first = await s.page.locator('.slide.on').getAttribute('aria-label')
    await s.page.waitForFunction((f) => document.querySelector('.slide.on')?.getAttribute('aria-label') !== f, first, { timeout: 9000 })
    await pause.focus()
    await s.page.keyboard.press('Enter')
    assert.equal(await pause.getAttribute('aria-pressed'), 'true')
    const held = await s.page.locator('.slide.on').getAttribute('aria-label')
    await s.page.keyboard.press('ArrowRight')
    assert.notEqual(await s.page.locator('.slide.on').getAttribute('aria-label'), held, 'the arrow key does not move the slideshow')
  } finally {
    await s.close()
  }
  const still = await open('localhost', PHONE)
  try {
    await still.page.emulateMedia({ reducedMotion: 'reduce' })
    await still.goto('/landers/transitionsvideolanding')
    assert.equal(await still.page.getByTestId('slideshow-pause').getAttribute('aria-pressed'), 'true')
  } finally {
    await still.close()
  }
})

test('the gallery enlarges a photo in a dialog and Escape closes it', async () => {
  const s = await open('localhost', PHONE)
  try {
    await s.goto('/landers/gallery')
    const zoom = s.page.locator('.zoom').first()
    await zoom.focus()
    await s.page.keyboard.press('Enter')
    const dialog = s.page.getByTestId('gallery-dialog')
    await dialog.waitFor({ state: 'visible' })
    assert.ok((await dialog.locator('#big-name').textContent()).length > 0)
    await assertNoSidewaysScroll(s.page, 'the gallery dialog')
    await s.page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
  } finally {
    await s.close()
  }
})

test('the map lists its members and places their pins on the map', async () => {
  const s = await open('localhost', PHONE)
  try {
    await s.goto('/landers/maplanding')
    const list = s.page.getByTestId('map-list').getByTestId('lander-member')
    const pins = s.page.locator('.map .pin')
    assert.ok((await list.count()) > 0)
    assert.equal(await pins.count(), await list.count())
    const map = await s.page.getByTestId('member-map').boundingBox()
    for (const pin of await pins.all()) {
      const b = await pin.boundingBox()
      assert.ok(b.x >= map.x - 1 && b.x + b.width <= map.x + map.width + 1, 'a pin is off the map')
    }
  } finally {
    await s.close()
  }
})
