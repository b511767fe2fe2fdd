// The console's navigation by task in a real browser: on desktops a
// sidebar whose entries fit one column without wrapping or overflowing, on
// tablets and phones a menu opened by a keyboard-reachable button; Today's
// counts as the engine answers them, in the right plural; a staff member's
// language kept on the account across a reload.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { open } from './lib.mjs'

const CONSOLE = 'admin.localhost'

async function logIn(page) {
  await page.getByLabel('E-mail address').fill('admin@rendezvous.example')
  await page.getByLabel('Password').fill('demo-password')
  const today = page.waitForResponse((r) => r.url().endsWith('/admin/api/today') && r.status() === 200)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor()
  return (await today).json()
}

/** layout measures the navigation's links, the account and the page's width as a person sees them. */
const layout = (page) =>
  page.evaluate(() => {
    const box = (el) => {
      const r = el.getBoundingClientRect()
      return { x: r.x, y: r.y, w: r.width, h: r.height, right: r.right, bottom: r.bottom }
    }
    const nav = document.querySelector('nav[aria-label="Console"]')
    const links = [...nav.querySelectorAll('a')].map((a) => ({ text: a.textContent, ...box(a), lineHeight: parseFloat(getComputedStyle(a).lineHeight) }))
    return {
      links,
      nav: box(nav),
      main: box(document.querySelector('main')),
      who: box(document.querySelector('[data-testid="signed-in"]')),
      logout: box([...document.querySelectorAll('button')].find((b) => b.textContent === 'Log out')),
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      innerHeight: window.innerHeight,
    }
  })

for (const [width, height] of [
  [1366, 900],
  [1280, 900],
]) {
  test(`at ${width}x${height} the tasks fit one column beside the page, and Today counts in the right plural`, async () => {
    const c = await open(CONSOLE, { width, height })
    try {
      await c.goto('/admin/')
      const answer = await logIn(c.page)
      const l = await layout(c.page)
      assert.deepEqual(
        l.links.map((a) => a.text),
        ['Today', 'Members', 'Campaigns', 'Moderation', 'Flagged', 'Inbox', 'House profiles', 'Money', 'Discount codes', 'Brands', 'Reports', 'Traffic', 'Staff', 'Audit log'],
      )
      for (const a of l.links) {
        // One line each (no wrap), inside the sidebar, which is left of the page.
        assert.ok(a.h < 2 * a.lineHeight, `${a.text} wraps: ${a.h}px high`)
        assert.ok(a.x >= l.nav.x && a.right <= l.nav.right + 0.5, `${a.text} leaves the sidebar`)
        assert.ok(a.bottom <= l.innerHeight, `${a.text} is below the window`)
      }
      for (let i = 1; i < l.links.length; i++) assert.ok(l.links[i].y >= l.links[i - 1].bottom - 0.5, `${l.links[i].text} overlaps the entry above`)
      assert.ok(l.nav.right <= l.main.x, `the sidebar (right ${l.nav.right}) overlaps the page (left ${l.main.x})`)
      assert.ok(l.scrollWidth <= l.innerWidth, `the page scrolls sideways: ${l.scrollWidth} > ${l.innerWidth}`)
      for (const [name, b] of [['signed in', l.who], ['log out', l.logout]]) {
        assert.ok(b.w > 0 && b.right <= l.nav.right + 0.5 && b.bottom <= l.innerHeight, `${name} does not fit the sidebar: ${JSON.stringify(b)}`)
      }
      // Today: each brand's counts as the engine answered them, worded in the plural rule.
      const words = {
        photos_waiting: ['photo waiting', 'photos waiting'],
        complaints_open: ['complaint open', 'complaints open'],
        flagged_members: ['member flagged', 'members flagged'],
        refunds_asked: ['chargeback to decide', 'chargebacks to decide'],
      }
      const list = c.page.getByRole('list', { name: 'Today' })
      for (const b of answer.brands) {
        const card = list.getByRole('region', { name: b.name, exact: true })
        for (const [field, [one, many]] of Object.entries(words)) {
          const n = b[field]
          assert.equal(typeof n, 'number', `${b.name} ${field}`)
          const text = (await card.locator(`[data-queue="${field}"]`).textContent()).trim()
          assert.equal(text, `${n} ${n === 1 ? one : many}`)
        }
      }
      assert.ok(answer.brands.length >= 3)
      if (width === 1280) await c.page.screenshot({ path: '/tmp/consolenav-1280.png' })
    } finally {
      await c.close()
    }
  })
}

for (const [width, height] of [
  [768, 1024],
  [390, 844],
]) {
  test(`at ${width}x${height} the tasks collapse behind a menu button reached by the keyboard`, async () => {
    const c = await open(CONSOLE, { width, height })
    try {
      await c.goto('/admin/')
      await logIn(c.page)
      const menu = c.page.getByRole('button', { name: 'Menu' })
      assert.equal(await menu.getAttribute('aria-expanded'), 'false')
      assert.equal(await c.page.getByRole('navigation', { name: 'Console' }).count(), 0, 'the navigation shows while collapsed')
      const main = await c.page.locator('main').boundingBox()
      assert.ok(main.x < 40 && main.width >= width - 40, `the page does not take the width: ${JSON.stringify(main)}`)
      // The keyboard: skip link, then the menu button; Enter opens the menu, Tab reaches its first entry.
      await c.page.keyboard.press('Tab')
      await c.page.keyboard.press('Tab')
      assert.equal(await c.page.evaluate(() => document.activeElement?.textContent), 'Menu')
      await c.page.keyboard.press('Enter')
      assert.equal(await menu.getAttribute('aria-expanded'), 'true')
      await c.page.keyboard.press('Tab')
      assert.equal(await c.page.evaluate(() => document.activeElement?.textContent), 'Today')
      const l = await layout(c.page)
      assert.equal(l.links.length, 14)
      for (const a of l.links) assert.ok(a.h < 2 * a.lineHeight && a.x >= 0 && a.right <= width, `${a.text}: ${JSON.stringify(a)}`)
      assert.ok(l.scrollWidth <= l.innerWidth, `the page scrolls sideways: ${l.scrollWidth} > ${l.innerWidth}`)
      await c.page.screenshot({ path: `/tmp/consolenav-${width}.png`, fullPage: true })
      // Following an entry closes the menu.
      await c.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Brands' }).click()
      await c.page.getByRole('heading', { name: 'Brands', level: 1 }).waitFor()
      assert.equal(await menu.getAttribute('aria-expanded'), 'false')
    } finally {
      await c.close()
    }
  })
}

test('a staff member switches to Dutch and the console is Dutch after a reload', async () => {
  const c = await open(CONSOLE, { width: 1280, height: 900 })
  try {
    await c.goto('/admin/')
    await logIn(c.page)
    const saved = c.page.waitForResponse((r) => r.url().endsWith('/admin/api/me/language') && r.request().method() === 'PUT')
    await c.page.getByLabel('Language').selectOption('nl')
    assert.equal((await saved).status(), 200)
    await c.page.getByRole('heading', { name: 'Vandaag', level: 1 }).waitFor()
    await c.page.reload()
    await c.page.getByRole('heading', { name: 'Vandaag', level: 1 }).waitFor()
    const nav = c.page.getByRole('navigation', { name: 'Console' })
    assert.deepEqual((await nav.getByRole('link').allTextContents()).slice(0, 3), ['Vandaag', 'Leden', 'Campagnes'])
    assert.equal(await c.page.getByRole('button', { name: 'Uitloggen' }).count(), 1)
    assert.equal(await c.page.evaluate(() => document.documentElement.lang), 'nl')
    // Back to English, so the demo account is as other tests expect it.
    const back = c.page.waitForResponse((r) => r.url().endsWith('/admin/api/me/language') && r.request().method() === 'PUT')
    await c.page.getByLabel('Taal').selectOption('en')
    assert.equal((await back).status(), 200)
    await c.page.getByRole('heading', { name: 'Today', level: 1 }).waitFor()
  } finally {
    await c.close()
  }
})

test('at 390x844 an operator previews a campaign, sends it after a confirm and sees it queued, nothing wider than the screen', async () => {
  const c = await open(CONSOLE, { width: 390, height: 844 })
  try {
    await c.goto('/admin/')
    await logIn(c.page)
    const preview = c.page.waitForResponse((r) => r.url().includes('/campaigns?type=promotions') && r.status() === 200)
    await c.goto('/admin/campaigns')
    await c.page.getByRole('heading', { name: 'Campaigns', level: 1 }).waitFor()
    const audience = (await (await preview).json()).audience
    const status = c.page.getByTestId('campaign-audience')
    await c.page.waitForFunction(() => /would get it/.test(document.querySelector('[data-testid="campaign-audience"]')?.textContent ?? ''))
    assert.match(await status.textContent(), new RegExp(`^${audience.toLocaleString('en')} members? of LustLokaal would get it\\.`))
    const key = `e2e-${Date.now()}`
    await c.page.getByLabel('Campaign name').fill(key)
    await c.page.getByLabel('Message').fill('Dit weekend 50% extra credits.')
    await c.page.getByLabel('Button leads to').fill('/credits')
    await c.page.getByRole('button', { name: 'Send…' }).click()
    await c.page.getByText(/^Send to .+ of LustLokaal\?$/).waitFor()
    const wide = await c.page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
      over: [...document.querySelectorAll('main input, main textarea, main select, main button')]
        .map((el) => ({ label: el.id || el.textContent, right: el.getBoundingClientRect().right }))
        .filter((b) => b.right > window.innerWidth),
    }))
    assert.ok(wide.scroll <= wide.inner, `the page scrolls sideways: ${wide.scroll} > ${wide.inner}`)
    assert.deepEqual(wide.over, [], 'controls reach past the screen')
    await c.page.screenshot({ path: '/tmp/console-campaign-390.png', fullPage: true })
    const sent = c.page.waitForResponse((r) => r.url().endsWith('/admin/api/tenants/lustlokaal/campaigns') && r.request().method() === 'POST')
    await c.page.getByRole('button', { name: 'Send now' }).click()
    assert.equal((await sent).status(), 202)
    const progress = c.page.getByTestId('campaign-progress')
    await progress.waitFor()
    assert.match(await progress.textContent(), /^Queued for [\d,]+ members?\./)
  } finally {
    await c.close()
  }
})
