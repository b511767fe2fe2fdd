// Shared set-up of the browser tests: Debian's Chromium through playwright-core.
import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { after, before } from 'node:test'
import { deflateSync, crc32 } from 'node:zlib'
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
 * script errors and CSP violations. javaScript false opens the pages as a
 * browser without scripts (what the engine's first paint shows by itself).
 */
export async function open(host, { country, locale, width = 1280, height = 900, javaScript = true, touch = false, askCookies = false } = {}) {
  // touch: a touch screen (hasTouch), as a phone's browser reports it.
  const context = await browser.newContext({ viewport: { width, height }, locale: 'en-US', javaScriptEnabled: javaScript, hasTouch: touch })
  context.setDefaultTimeout(10_000)
  const cookies = []
  // The cookie question of brands with the European rules is answered
  // (essential cookies only) unless the spec asks it (askCookies).
  if (!askCookies) cookies.push({ name: 'rdv_consent', value: 'essential', url: site(host) })
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
      const res = await page.goto(site(host) + path, { waitUntil: 'domcontentloaded' })
      // The engine's static first paint (home, search, a profile) has the
      // app's texts and links: wait until the app has replaced it, so a test
      // acts on the app.
      await page.waitForFunction(() => !document.querySelector('[data-first-paint]'), null, { timeout: 30_000 })
      return res
    },
    async close() {
      await context.close()
      assert.deepEqual(problems, [], 'the page had script errors or CSP violations')
    },
  }
}

/**
 * signupMember makes a fresh free member (with the signup credits) in the
 * context by the API, so its pages are logged in, and answers the member.
 */
export async function signupMember(s, { host = 'localhost', name = 'Tester', prefix = 'e2e' } = {}) {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`
  const res = await s.page.request.post(site(host) + '/api/signup.php', {
    data: { email, name, date_of_birth: '1990-01-01', password: 'secret-password-1', gender: 'male', seeking: 'female', orientation_consent: true },
  })
  assert.equal(res.status(), 201, await res.text())
  return (await res.json()).user
}

/** tickWaiver ticks the withdrawal waiver where a checkout asks it (brands with the European rules); elsewhere it does nothing. */
export async function tickWaiver(root) {
  const box = root.getByTestId('withdrawal-waiver')
  if (await box.count()) await box.check()
}

/** loginDemo logs the page in as the brand's demo member (from the page: *.localhost resolves only in the browser). */
export async function loginDemo(page, slug) {
  const status = await page.evaluate(async (email) => {
    const res = await fetch('/api/user.php', {
      method: 'POST',
      headers: { 'X-Request-Type': 'client', 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'demo-password' }),
    })
    return res.status
  }, `demo@${slug}.example`)
  assert.equal(status, 200, `login on ${slug}`)
}

/**
 * confirmEmail follows the activation link the development mailbox holds
 * for email (the mail is sent by a background job: it waits 10 s at most),
 * so the member's address counts as confirmed.
 */
export async function confirmEmail(s, email) {
  let link
  for (const end = Date.now() + 10_000; !link && Date.now() < end; ) {
    const mails = (await call(s, 'GET', '/dev/mailbox.json')).body
    link = mails.find((m) => m.to.includes(email))?.links.find((l) => /activate/.test(l))
    if (!link) await new Promise((r) => setTimeout(r, 100))
  }
  assert.ok(link, `an activation link for ${email}`)
  await s.page.goto(link)
  await s.page.waitForURL(/\/activate\/done/)
}

/** aHouseProfile is the skip-th profile with a photo of the demo pool, one members can write to. */
export async function aHouseProfile(s, skip = 0, host = 'localhost') {
  const res = await s.page.request.get(site(host) + '/api/members.php?per_page=10')
  assert.equal(res.status(), 200)
  const p = (await res.json()).profiles.filter((x) => x.main_image)[skip]
  assert.ok(p, 'the demo pool has profiles with photos')
  return p
}

/** style reads a computed style property of the first element matching selector. */
export const style = (page, selector, prop) =>
  page.locator(selector).first().evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), prop)

/** png makes a valid RGB PNG of noise (incompressible, so its upload takes a while under throttling). */
export function png(width, height, seed = 1) {
  const chunk = (type, data) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body) >>> 0)
    return Buffer.concat([len, body, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 2 // RGB
  const raw = Buffer.alloc((width * 3 + 1) * height)
  let x = seed * 2654435761
  for (let i = 0; i < raw.length; i++) {
    if (i % (width * 3 + 1) === 0) continue // filter byte 0
    x = (x * 1103515245 + 12345) >>> 0
    raw[i] = x >>> 24
  }
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([sig, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 0 })), chunk('IEND', Buffer.alloc(0))])
}

/** totp is the RFC 6238 code (SHA-1, 6 digits, 30 s) of a base32 secret at time ms. */
export function totp(secret, ms = Date.now()) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const c of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0')
  const key = Buffer.from(bits.match(/.{8}/g).map((b) => parseInt(b, 2)))
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(ms / 30_000)))
  const mac = createHmac('sha1', key).update(counter).digest()
  const offset = mac[mac.length - 1] & 0xf
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0')
}

/** PHONE is the phone viewport of the layout tests (an iPhone 12 to 15). */
export const PHONE = { width: 390, height: 844 }

/**
 * assertNoSidewaysScroll: the document is exactly as wide as the viewport
 * (nothing pushes the page wider, so there is no sideways scrolling).
 */
export async function assertNoSidewaysScroll(page, what = page.url()) {
  const { scroll, viewport } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }))
  assert.equal(scroll, viewport, `${what}: the document is ${scroll}px wide in a ${viewport}px viewport`)
}

/**
 * assertFullyVisible: the element is inside the viewport without scrolling,
 * not cut by any ancestor that clips (overflow other than visible), not
 * under another element (the tab bar), and its own text is not truncated
 * ("Se..." for "Send").
 */
export async function assertFullyVisible(locator, what) {
  await locator.waitFor()
  const problem = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect()
    const inside = (box) => r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1
    const fmt = (b) => `${Math.round(b.left)},${Math.round(b.top)} ${Math.round(b.width)}x${Math.round(b.height)}`
    if (r.width === 0 || r.height === 0) return 'it has no size'
    if (!inside({ left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight }))
      return `it is at ${fmt(r)}, outside the ${window.innerWidth}x${window.innerHeight} viewport`
    for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const cs = getComputedStyle(a)
      if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue
      const b = a.getBoundingClientRect()
      if (!inside(b)) return `it is at ${fmt(r)}, cut by <${a.tagName.toLowerCase()} class="${a.className}"> at ${fmt(b)}`
    }
    // Nothing sits on it (the tab bar, a sticky header); pop-ups and toasts (live regions) come and go.
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2)
    if (hit && hit !== el && !el.contains(hit) && !hit.closest('[aria-live]'))
      return `it is at ${fmt(r)}, under <${hit.tagName.toLowerCase()} data-testid="${hit.closest('[data-testid]')?.dataset.testid ?? ''}">`
    if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) return `its text is cut (${el.scrollWidth}px in ${el.clientWidth}px)`
    return null
  })
  assert.equal(problem, null, `${what}: ${problem}`)
}

/**
 * call runs an API call from the page of target (a page, or a session from
 * open): the browser resolves *.localhost, which Node does not, and keeps the
 * session cookie. It answers the status, the content type and the body (JSON
 * parsed, else the text's first 400 characters).
 */
export function call(target, method, path, body) {
  const page = target.page ?? target
  return page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p, {
        method: m,
        headers: { 'Content-Type': 'application/json', 'X-Request-Type': 'client' },
        body: b === undefined ? undefined : JSON.stringify(b),
      })
      const type = res.headers.get('Content-Type') ?? ''
      const text = await res.text()
      return { status: res.status, type, body: type.includes('json') && text ? JSON.parse(text) : text ? text.slice(0, 400) : null }
    },
    [method, path, body],
  )
}

/**
 * queueCard waits for a card of the console's photo queue, showing the
 * queue's next pages while it is not there: the queue shows the oldest
 * photos first, a page at a time, and other specs leave photos waiting.
 */
export async function queueCard(page, card) {
  const more = page.getByRole('button', { name: 'Show more photos' })
  for (let pages = 0; pages < 20; pages++) {
    await card.or(more).first().waitFor()
    if (await card.isVisible()) return
    await more.click()
  }
  await card.waitFor()
}
