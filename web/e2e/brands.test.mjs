// Brands that look like brands: each demo brand shows its own logo mark, named
// with the brand for assistive technology, and its own type and shape.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { open } from './lib.mjs'

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
