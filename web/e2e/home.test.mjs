// The logged-out home page per brand (teasers from the boot state, how it
// works, trust and safety, the call to sign up), its search-engine head, and
// screenshots of each brand's home, search, profile and chat on a phone and a
// desktop for reviewers (web/e2e/screenshots/, git-ignored).
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { loginDemo, open } from './lib.mjs'

// Each demo brand's home variant and its sections' headings in the order
// its layout names them (the theme's, or the brand file's look.layout).
const brands = [
  { slug: 'lustlokaal', host: 'localhost', browse: true, home: 'photo-hero', headings: ['home-teasers', 'home-how', 'home-trust', 'home-cta'] },
  { slug: 'herzklopfen', host: 'de.localhost', browse: false, home: 'split-signup', headings: ['home-signup-title', 'home-how', 'home-trust', 'home-teasers', 'home-cta'] },
  { slug: 'sparkusa', host: 'us.localhost', browse: true, home: 'grid-first', headings: ['home-trust', 'home-how'] },
]
const phone = { width: 390, height: 844 }
const desktop = { width: 1280, height: 800 }

/** noOverflow asserts the document is no wider than the viewport. */
async function noOverflow(page, what) {
  const { doc, view } = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }))
  assert.equal(doc, view, `${what}: the page is ${doc} px wide on a ${view} px screen`)
}

/** inView asserts a locator is visible without scrolling. */
async function inView(page, locator, what) {
  await locator.waitFor()
  const box = await locator.boundingBox()
  const height = page.viewportSize().height
  assert.ok(box && box.y >= 0 && box.y + box.height <= height, `${what} is not visible without scrolling: ${JSON.stringify(box)}`)
}

for (const brand of brands) {
  test(`${brand.slug}: the logged-out home sells the site on a phone, with teasers from the boot state`, async () => {
    const s = await open(brand.host, { width: phone.width })
    const { page } = s
    await page.setViewportSize(phone)
    const api = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/members')) api.push(r.url())
    })
    const res = await s.goto('/')
    assert.equal(res.status(), 200)
    // Crawlers see the page's head without running the app.
    const html = await res.text()
    assert.match(html, /<meta name="robots" content="index, follow">/)
    assert.match(html, /<link rel="canonical" href="http:\/\/[^"]+\/">/)
    assert.match(html, /<meta property="og:title" content="[^"]+">/)

    await page.getByTestId('home-hero').waitFor()
    assert.equal(await page.getByTestId('home-hero').getAttribute('data-home'), brand.home)
    // The way to sign up is on the first screen: the button, or the form's first field.
    if (brand.home === 'split-signup') await inView(page, page.getByTestId('home-signup-form').locator('input, select').first(), 'the signup form')
    else await inView(page, page.getByTestId('home-signup'), 'the sign-up button')
    const teasers = page.getByTestId('home-teaser')
    await teasers.first().waitFor()
    assert.ok((await teasers.count()) >= 4, 'the home shows member teasers')
    assert.ok(await teasers.first().locator('img').isVisible(), 'a teaser shows the photo')
    const href = await teasers.first().getByRole('link').getAttribute('href')
    // Where visitors may browse members a teaser opens the profile; elsewhere it asks to sign up.
    if (brand.browse) assert.match(href, /^\/members\/\d+$/)
    else assert.equal(href, '/signup')
    assert.ok(await page.getByTestId('home-trust').isVisible())
    assert.deepEqual(await page.locator('main h2').evaluateAll((hs) => hs.map((h) => h.id)), brand.headings, 'the sections in the layout\'s order')
    await noOverflow(page, `${brand.slug} home`)
    assert.deepEqual(api, [], 'the teasers come with the page, not from the API')
    await s.close()
  })
}

test('a herzklopfen teaser asks a phone visitor to sign up', async () => {
  const s = await open('de.localhost', { width: phone.width })
  await s.page.setViewportSize(phone)
  await s.goto('/')
  await s.page.getByTestId('home-teaser').first().getByRole('link').click()
  await s.page.waitForURL(/\/signup$/)
  await s.close()
})

const shots = fileURLToPath(new URL('./screenshots/', import.meta.url))

/** chatOf is the id of the demo member's first conversation. */
const chatOf = (page) =>
  page.evaluate(async () => {
    const res = await fetch('/api/chats.php', { headers: { 'X-Request-Type': 'client' } })
    const body = await res.json()
    return (body.chats ?? body)[0]?.conversation.id
  })

test('screenshots of each brand on a phone and a desktop', async () => {
  mkdirSync(shots, { recursive: true })
  for (const brand of brands) {
    for (const [device, size] of [['phone', phone], ['desktop', desktop]]) {
      const s = await open(brand.host, { width: size.width })
      const { page } = s
      await page.setViewportSize(size)
      const shot = async (name) => {
        // Photos on screen are loaded before the picture is taken.
        await page.waitForFunction(() => [...document.images].every((i) => i.complete || i.loading === 'lazy'))
        await page.screenshot({ path: `${shots}${brand.slug}-${name}-${device}.png` })
      }
      await s.goto('/')
      await page.getByTestId('home-hero').waitFor()
      await shot('home')
      await loginDemo(page, brand.slug)
      const cards = page.getByTestId('profile-card')
      await s.goto('/members')
      await cards.first().waitFor()
      await shot('search')
      const id = await cards.first().getAttribute('data-id')
      await s.goto(`/members/${id}`)
      await page.locator('main h1').first().waitFor()
      await shot('profile')
      const chat = await chatOf(page)
      assert.ok(chat, `${brand.slug}: the demo login has a conversation`)
      await s.goto(`/chats/${chat}`)
      await page.getByTestId('chat-input').waitFor()
      await shot('chat')
      await s.close()
    }
  }
})
