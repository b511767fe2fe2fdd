// Brands that look like brands: each demo brand shows its own logo mark, named
// with the brand for assistive technology, and its own type and shape.
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { loginDemo, open } from './lib.mjs'

const brands = [
  { host: 'localhost', name: 'LustLokaal', theme: 'amber', heading: 'Georgia', transform: 'none' },
  { host: 'de.localhost', name: 'Herzklopfen', theme: 'midnight', heading: 'Avenir Next', transform: 'uppercase' },
  { host: 'us.localhost', name: 'Spark', theme: 'rose', heading: 'Arial Rounded MT Bold', transform: 'none' },
]

for (const b of brands) {
  test(`${b.name} shows the ${b.theme} logo under its own name, in its own type`, async () => {
    const s = await open(b.host)
    try {
      await s.goto('/')
      const home = s.page.getByRole('link', { name: b.name, exact: true }).first()
      await home.waitFor()
      const mark = home.getByRole('img', { name: b.name })
      // The engine's PNG of the theme's drawing at the screen's density
      // (72 or 108 px for the 36 px mark), loaded.
      assert.equal(await mark.getAttribute('src'), `/themes/${b.theme}/logo-72.png`)
      await s.page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await mark.elementHandle())
      assert.match(await mark.evaluate((el) => el.currentSrc), new RegExp(`/themes/${b.theme}/logo-(72|108)\\.png$`))
      // At density 1 the browser may take logo-72.png as the 2x candidate of the srcset
      // (natural width 36) or as src, the implied 1x candidate (72): either way the 36 px
      // mark shows the 72 px drawing.
      assert.ok([36, 72].includes(await mark.evaluate((el) => el.naturalWidth)), 'the mark is drawn at its density')
      assert.equal(await mark.evaluate((el) => el.getBoundingClientRect().width), 36, 'the mark takes 36 px')
      const font = await s.page.locator('h1, h2').first().evaluate((el) => getComputedStyle(el).fontFamily)
      assert.ok(font.includes(b.heading), `${b.name} headings in ${font}`)
      const transform = await s.page.locator('h1, h2').first().evaluate((el) => getComputedStyle(el).textTransform)
      assert.equal(transform, b.transform)
    } finally {
      await s.close()
    }
  })
}

// The screenshots of the README's screenshot section (web/screenshots/).
const shots = fileURLToPath(new URL('../screenshots/', import.meta.url))
const phone = { width: 390, height: 844 }

/** likeness is how alike two sequences are: twice their longest common subsequence over their lengths (1 the same, 0 nothing shared). */
function likeness(a, b) {
  let prev = new Array(b.length + 1).fill(0)
  for (let i = 1; i <= a.length; i++) {
    const row = new Array(b.length + 1).fill(0)
    for (let j = 1; j <= b.length; j++) row[j] = a[i - 1] === b[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], row[j - 1])
    prev = row
  }
  return (2 * prev[b.length]) / (a.length + b.length)
}

/** assertBarsFit fails when a part of the header or footer reaches past the screen's edge, or the header's logo, links and buttons overlap or are not in reading order. */
async function assertBarsFit(page, who) {
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('[data-testid=site-header] *, [data-testid=site-footer] *')]
      .filter((el) => {
        const r = el.getBoundingClientRect()
        return r.width > 0 && (r.right > innerWidth + 0.5 || r.left < -0.5)
      })
      .map((el) => el.tagName + (el.textContent ?? '').slice(0, 20)),
  )
  assert.deepEqual(wide, [], `${who}: header or footer parts past the edge`)
  const parts = await page.evaluate(() =>
    [...document.querySelectorAll('[data-testid=site-header] :is([data-testid=site-logo], nav a, button)')]
      .map((el) => ({ name: el.textContent.trim() || el.getAttribute('aria-label'), box: el.getBoundingClientRect().toJSON() }))
      .filter((p) => p.box.width > 0),
  )
  // The keyboard meets them in the order the eye does: left to right.
  const order = parts.map((p) => p.name)
  assert.deepEqual(order, [...parts].sort((p, q) => p.box.left - q.box.left).map((p) => p.name), `${who}: the header's parts in the keyboard's order`)
  for (const [i, p] of parts.entries()) {
    for (const q of parts.slice(i + 1)) {
      const apart = p.box.right <= q.box.left + 0.5 || q.box.right <= p.box.left + 0.5 || p.box.bottom <= q.box.top + 0.5 || q.box.bottom <= p.box.top + 0.5
      assert.ok(apart, `${who}: "${p.name}" ${JSON.stringify(p.box)} overlaps "${q.name}" ${JSON.stringify(q.box)}`)
    }
  }
}

// Each demo brand's home, its registry as its company's country names it.
const homes = [
  { slug: 'lustlokaal', name: 'LustLokaal', host: 'localhost', home: 'photo-hero', header: 'bar', footer: 'columns', registry: 'KvK 81234567' },
  { slug: 'herzklopfen', name: 'Herzklopfen', host: 'de.localhost', home: 'split-signup', header: 'centered', footer: 'full', registry: 'Handelsregister HRB 204512 B' },
  { slug: 'sparkusa', name: 'Spark', host: 'us.localhost', home: 'grid-first', header: 'minimal', footer: 'compact', registry: null },
]

test('the three demo homes differ in structure on a phone, and each footer names its own register', async () => {
  mkdirSync(shots, { recursive: true })
  const shapes = {}
  for (const b of homes) {
    const s = await open(b.host, phone)
    try {
      await s.goto('/')
      const hero = s.page.getByTestId('home-hero')
      await hero.waitFor()
      assert.equal(await hero.getAttribute('data-home'), b.home)
      if (b.home === 'split-signup') await s.page.getByTestId('home-signup-form').locator('input').first().waitFor()
      // The page's end (disclaimer, footer) comes once the home's first render is in.
      await s.page.getByTestId('site-footer').waitFor()
      // The home as a person's browser builds it: every element of the
      // whole page (the header and the footer in the theme's variants
      // too), as its tag with its classes, in document order.
      const shapeOf = (root) =>
        s.page.evaluate((sel) => [...document.querySelectorAll(`${sel} *`)].map((el) => el.tagName.toLowerCase() + [...el.classList].sort().map((c) => `.${c}`).join('')), root)
      shapes[b.slug] = { main: await shapeOf('main'), page: await shapeOf('body') }
      // The header and footer variants keep their landmarks and names.
      assert.equal(await s.page.getByTestId('site-header').getAttribute('data-header'), b.header)
      assert.equal(await s.page.getByTestId('site-footer').getAttribute('data-footer'), b.footer)
      await s.page.getByRole('banner').getByRole('link', { name: b.name, exact: true }).waitFor()
      await s.page.getByRole('contentinfo').getByRole('navigation').waitFor()
      await assertBarsFit(s.page, b.slug)
      const footer = await s.page.getByTestId('site-footer').evaluate((el) => el.textContent)
      if (b.registry) assert.ok(footer.includes(b.registry), `${b.slug}'s footer names ${b.registry}: ${footer}`)
      if (b.slug !== 'lustlokaal') assert.ok(!/\bKvK\b/.test(footer), `${b.slug}'s footer says KvK: ${footer}`)
      const width = await s.page.evaluate(() => document.documentElement.scrollWidth)
      assert.equal(width, phone.width, `${b.slug}'s home is ${width} px wide`)
      await s.page.waitForFunction(() => [...document.images].every((i) => i.complete || i.loading === 'lazy'))
      await s.page.screenshot({ path: `${shots}home-${b.slug}.png` })
      assert.deepEqual(s.problems, [])
    } finally {
      await s.close()
    }
  }
  const names = Object.keys(shapes)
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      const [a, b] = [names[i], names[j]]
      const main = likeness(shapes[a].main, shapes[b].main)
      const alike = likeness(shapes[a].page, shapes[b].page)
      console.log(`# ${a} and ${b}: whole pages ${(alike * 100).toFixed(1)}% alike (${shapes[a].page.length} and ${shapes[b].page.length} elements); their main ${(main * 100).toFixed(1)}%`)
      assert.ok(alike < 0.6, `${a} and ${b} are ${(alike * 100).toFixed(1)}% alike as whole pages`)
    }
  }
})

// The member's parts in the theme's variants: the profile card (a tile with
// the photo above the name, a row with the photo beside it, a polaroid with
// a square photo and the name centred) and the tab bar (labelled, a
// floating pill off the screen's edge, icons with the labels for screen
// readers only).
const variants = [
  { slug: 'lustlokaal', host: 'localhost', card: 'tile', nav: 'labelled' },
  { slug: 'herzklopfen', host: 'de.localhost', card: 'row', nav: 'floating' },
  { slug: 'sparkusa', host: 'us.localhost', card: 'polaroid', nav: 'icons' },
]

for (const v of variants) {
  test(`${v.slug}: ${v.card} cards and the ${v.nav} tab bar on a phone`, async () => {
    const s = await open(v.host, phone)
    try {
      await s.goto('/login')
      await loginDemo(s.page, v.slug)
      await s.goto('/members')
      const card = s.page.getByTestId('profile-card').first()
      await card.waitFor()
      assert.equal(await card.getAttribute('data-card'), v.card)
      // The photo's box (a member without a photo shows an initial in it).
      const photo = await card.locator(':scope > div').first().boundingBox()
      const name = await card.getByRole('link').first().boundingBox()
      const box = await card.boundingBox()
      if (v.card === 'tile') assert.ok(photo.y + photo.height <= name.y + 1 && photo.width > box.width - 4, `tile: photo ${JSON.stringify(photo)} above the name ${JSON.stringify(name)}`)
      if (v.card === 'row') assert.ok(photo.x + photo.width <= name.x + 1 && box.width > 300, `row: photo ${JSON.stringify(photo)} beside the name ${JSON.stringify(name)}, card ${box.width} px wide`)
      if (v.card === 'row') {
        // A row's fictional-profile label is under the name, whole, and
        // off the narrow photo.
        await s.page.getByTestId('fictional-tag').first().waitFor()
        const labels = await s.page.getByTestId('fictional-tag').evaluateAll((tags) =>
          tags.map((tag) => {
            const item = tag.closest('[data-testid=profile-card]')
            const photo = item.firstElementChild.getBoundingClientRect()
            const name = item.querySelector('a').getBoundingClientRect()
            const box = tag.getBoundingClientRect()
            return { text: tag.textContent, scroll: tag.scrollWidth, client: tag.clientWidth, left: box.left, top: box.top, photoRight: photo.right, nameBottom: name.bottom }
          }),
        )
        for (const l of labels) {
          assert.ok(l.scroll <= l.client, `the label "${l.text}" is cut: ${l.scroll} px in ${l.client} px`)
          assert.ok(l.left >= l.photoRight, `the label "${l.text}" at ${l.left} px overlaps the photo ending at ${l.photoRight} px`)
          assert.ok(l.top >= l.nameBottom - 0.5, `the label "${l.text}" at ${l.top} px is not under the name ending at ${l.nameBottom} px`)
        }
        assert.ok(!labels.some((l) => l.text.includes('…')), 'a label ends in an ellipsis')
      }
      if (v.card === 'polaroid') {
        assert.ok(Math.abs(photo.width - photo.height) <= 1 && photo.x > box.x + 4, `polaroid: a square photo in a frame ${JSON.stringify(photo)} in ${JSON.stringify(box)}`)
        assert.ok(Math.abs(name.x + name.width / 2 - (box.x + box.width / 2)) <= 2, 'polaroid: the name centred')
      }
      // A member's header in the theme's variant fits the phone too.
      await assertBarsFit(s.page, v.slug)
      const bar = s.page.getByTestId('tab-bar')
      assert.equal(await bar.getAttribute('data-nav'), v.nav)
      const barBox = await bar.boundingBox()
      const radius = await bar.evaluate((el) => parseFloat(getComputedStyle(el).borderTopLeftRadius))
      const label = await s.page.getByTestId('tab-search').locator('[data-tab-label]').boundingBox()
      if (v.nav === 'floating') assert.ok(radius >= 20 && barBox.y + barBox.height <= phone.height - 4 && barBox.x >= 8, `floating: ${radius}px radius, ${JSON.stringify(barBox)}`)
      else assert.ok(radius === 0 && barBox.y + barBox.height === phone.height && barBox.width === phone.width, `${v.nav}: a bar along the edge ${JSON.stringify(barBox)}`)
      if (v.nav === 'icons') assert.ok(label.width <= 1, `icons: the label is for screen readers only (${label.width} px)`)
      else assert.ok(label.width > 20, `${v.nav}: the label shows (${label.width} px)`)
      // Every tab keeps its name for assistive technology.
      await s.page.getByRole('link', { name: /search|suche|zoek/i }).first().waitFor()
      assert.deepEqual(s.problems, [])
    } finally {
      await s.close()
    }
  })
}
