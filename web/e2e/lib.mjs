// Shared set-up of the browser tests: Debian's Chromium through playwright-core.
import assert from 'node:assert/strict'
import { after, before } from 'node:test'
import { chromium } from 'playwright-core'

const base = new URL(process.env.BASE_URL ?? 'http://localhost:8080')
export const port = base.port || '80'

/** site is the root URL of a demo host: localhost, de.localhost, us.localhost... */
export const site = (host = 'localhost') => `http://${host}:${port}`

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

let browser
before(async () => {
  browser = await chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // *.localhost is loopback in Chromium already; this keeps any other name off the network.
      '--host-resolver-rules=MAP *.localhost 127.0.0.1, MAP localhost 127.0.0.1',
    ],
  })
})
after(async () => {
  await browser?.close()
})

/**
 * open starts a fresh browser context (no cookies, no storage) with the
 * given visitor country and locale cookie, and returns a page that records
 * script errors and CSP violations.
 */
export async function open(host, { country, locale, width = 1280 } = {}) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-US' })
  context.setDefaultTimeout(10_000)
  const cookies = []
  if (country) cookies.push({ name: 'rdv_country', value: country, url: site(host) })
  if (locale) cookies.push({ name: 'locale', value: locale, url: site(host) })
  if (cookies.length) await context.addCookies(cookies)
  const page = await context.newPage()
  const problems = []
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`))
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text())) problems.push(`csp: ${msg.text()}`)
  })
  return {
    page,
    context,
    problems,
    async goto(path = '/') {
      return page.goto(site(host) + path, { waitUntil: 'domcontentloaded' })
    },
    async close() {
      await context.close()
      assert.deepEqual(problems, [], 'the page had script errors or CSP violations')
    },
  }
}

/** style reads a computed style property of the first element matching selector. */
export const style = (page, selector, prop) =>
  page.locator(selector).first().evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), prop)
