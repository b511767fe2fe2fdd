// What a person sees of the app on a 390x844 phone in each demo brand: the
// header's brand name whole and apart from its buttons, the visitor's header
// in one row, the tab labels whole in the longest languages, a focus ring
// that stands out from the coloured header, the signup page's header and its
// steady step counter, the own profile's region in the page's language, the
// complaint form naming the profile and the engine's first paint of the
// member pages a phone opens first.
import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { test } from 'node:test'
import { assertFullyVisible, assertNoSidewaysScroll, loginDemo, open, PHONE, signupMember, site } from './lib.mjs'

const BRANDS = [
  { host: 'localhost', slug: 'lustlokaal', name: 'LustLokaal', locale: 'nl', theme: 'amber' },
  { host: 'de.localhost', slug: 'herzklopfen', name: 'Herzklopfen', locale: 'de', theme: 'midnight' },
  { host: 'us.localhost', slug: 'sparkusa', name: 'Spark', locale: 'en', theme: 'rose' },
]

/** catalogue is the app's texts in one language. */
const catalogue = (l) => JSON.parse(readFileSync(new URL(`../src/i18n/locales/${l}.json`, import.meta.url), 'utf8'))
const LANGUAGES = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv']

/** memberOn opens a phone on the brand logged in as its demo member, the offer pop-ups out of the way. */
async function memberOn(brand, options = {}) {
  const s = await open(brand.host, { locale: brand.locale, ...PHONE, ...options })
  await s.context.addInitScript(() => {
    window.localStorage.setItem('rdv_time_bonus_modal_dismissed_at', String(Date.now()))
    window.localStorage.setItem('rdv_site_entry_dismissed', String(Date.now()))
  })
  await s.goto('/login')
  await loginDemo(s.page, brand.slug)
  return s
}

/**
 * headerProblems measures the header as drawn: the brand's name whole (all
 * its text, nothing cut) and no box of the header's links and buttons
 * overlapping the name or another; with texts, each text is put into its
 * element in turn (the longest languages' words) and measured there.
 */
function headerProblems(page, texts = {}) {
  return page.evaluate((texts) => {
    const out = []
    const header = document.querySelector('[data-testid="site-header"]')
    const name = header.querySelector('[data-testid="site-name"]')
    const cut = (el) => el.scrollWidth > el.clientWidth + 1
    const boxes = () =>
      [name, ...header.querySelectorAll('nav a, [data-testid$="-menu"] button, [data-testid="back-button"]')]
        .filter((el) => el.getClientRects().length)
        .map((el) => ({ el, r: el.getBoundingClientRect(), what: el.dataset.testid || el.textContent }))
    const measure = (label) => {
      if (cut(name)) out.push(`${label}: the brand's name is cut (${name.scrollWidth}px in ${name.clientWidth}px)`)
      const list = boxes()
      for (const a of list) {
        if (a.r.right > window.innerWidth + 1 || a.r.left < -1) out.push(`${label}: ${a.what} is outside the screen`)
        if (a.el !== name && a.el.querySelector('span') && cut(a.el.querySelector('span'))) out.push(`${label}: ${a.what}'s text is cut`)
        for (const b of list) {
          if (a === b || a.el.contains(b.el) || b.el.contains(a.el)) continue
          const overlap = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left)
          const vertical = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top)
          if (overlap > 0 && vertical > 0 && a.r.left < b.r.left) out.push(`${label}: ${a.what} and ${b.what} overlap by ${Math.round(overlap)}px`)
        }
      }
      const h = header.getBoundingClientRect().height
      if (h > 72) out.push(`${label}: the header is ${Math.round(h)}px high (more than one row)`)
    }
    measure('as shown')
    for (const [selector, words] of Object.entries(texts)) {
      const el = header.querySelector(selector)
      if (!el) continue
      const was = el.textContent
      for (const [lang, word] of words) {
        el.textContent = word
        measure(`${lang} "${word}"`)
      }
      el.textContent = was
    }
    return out
  }, texts)
}

test('the header on a phone: the brand name whole and apart from its buttons, one row, in every demo brand and the longest languages', async () => {
  const problems = []
  const premium = LANGUAGES.map((l) => [l, catalogue(l).nav.getPremium])
  const credits = LANGUAGES.map((l) => [l, catalogue(l).nav.credits])
  for (const brand of BRANDS) {
    const v = await open(brand.host, { locale: brand.locale, ...PHONE })
    try {
      await v.context.addInitScript(() => window.localStorage.setItem('rdv_site_entry_dismissed', String(Date.now())))
      await v.goto('/members')
      await v.page.getByTestId('site-name').waitFor()
      assert.equal(await v.page.getByTestId('site-name').textContent(), brand.name)
      problems.push(...(await headerProblems(v.page)).map((p) => `${brand.name}, visitor: ${p}`))
      await v.page.screenshot({ path: `/tmp/phone-shell-visitor-${brand.slug}.png` })
    } finally {
      await v.close()
    }
    const s = await memberOn(brand)
    try {
      await s.goto('/members')
      await s.page.getByTestId('tab-bar').waitFor()
      problems.push(
        ...(await headerProblems(s.page, { '[data-testid="nav-premium"] span': premium, '[data-testid="nav-credits"] > span:first-child': credits })).map(
          (p) => `${brand.name}, member: ${p}`,
        ),
      )
      await s.page.screenshot({ path: `/tmp/phone-shell-member-${brand.slug}.png` })
      await assertNoSidewaysScroll(s.page, `${brand.name}: search`)
    } finally {
      await s.close()
    }
  }
  assert.deepEqual(problems, [])
})

test('the tab bar on a phone: every label whole in every language, in every demo brand', async () => {
  const problems = []
  for (const brand of BRANDS) {
    const s = await memberOn(brand)
    try {
      await s.goto('/members')
      await s.page.getByTestId('tab-bar').waitFor()
      const words = Object.fromEntries(LANGUAGES.map((l) => [l, catalogue(l).nav.tabs]))
      const cut = await s.page.evaluate((words) => {
        const out = []
        // The icons-only bar's labels are for screen readers (visually
        // hidden): they name the tabs, nothing on screen is cut.
        const labels = [...document.querySelectorAll('[data-testid="tab-bar"] [data-tab-label]')]
        if (document.querySelector('[data-testid="tab-bar"]').dataset.nav === 'icons')
          return labels.length === 5 && labels.every((el) => el.textContent.trim() !== '') ? out : ['icons-only tabs without their names']
        const keys = ['search', 'swipe', 'likes', 'messages', 'profile']
        for (const [lang, tabs] of Object.entries(words)) {
          labels.forEach((el, i) => {
            const was = el.textContent
            el.textContent = tabs[keys[i]]
            const r = el.getBoundingClientRect()
            const tab = el.closest('a').getBoundingClientRect()
            if (el.scrollWidth > el.clientWidth + 1 || r.left < tab.left - 1 || r.right > tab.right + 1)
              out.push(`${lang} "${el.textContent}": ${el.scrollWidth}px in ${el.clientWidth}px of a ${Math.round(tab.width)}px tab`)
            el.textContent = was
          })
        }
        return out
      }, words)
      problems.push(...cut.map((p) => `${brand.name}: ${p}`))
    } finally {
      await s.close()
    }
  }
  assert.deepEqual(problems, [])
})

/** ratio is WCAG's contrast ratio of two computed CSS colours (rgb()/rgba() strings, opaque). */
function ratio(a, b) {
  const lum = (css) => {
    const [r, g, bl] = css.match(/[\d.]+/g).slice(0, 3).map(Number)
    const ch = (c) => {
      const s = c / 255
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
    }
    return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(bl)
  }
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

test('the keyboard focus ring on the header stands out from it (3:1) in every theme', async () => {
  const themesDir = new URL('../../themes/', import.meta.url)
  const themes = readdirSync(themesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(new URL(`${d.name}/theme.json`, themesDir)))
    .map((d) => d.name)
  assert.deepEqual([...themes].sort(), BRANDS.map((b) => b.theme).sort(), 'every theme has a demo brand here')
  const problems = []
  for (const brand of BRANDS) {
    const s = await memberOn(brand)
    try {
      await s.goto('/members')
      await s.page.getByTestId('tab-bar').waitFor()
      // The keyboard reaches the header's links after the skip link.
      for (let i = 0; i < 6; i++) {
        await s.page.keyboard.press('Tab')
        if (await s.page.evaluate(() => !!document.activeElement?.closest('[data-testid="site-header"]'))) break
      }
      const seen = await s.page.evaluate(() => {
        const el = document.activeElement
        const header = el.closest('[data-testid="site-header"]')
        if (!header) return null
        const cs = getComputedStyle(el)
        return { ring: cs.outlineColor, width: cs.outlineWidth, style: cs.outlineStyle, header: getComputedStyle(header).backgroundColor, what: el.dataset.testid }
      })
      assert.ok(seen, `${brand.name}: the keyboard never reached the header`)
      const r = ratio(seen.ring, seen.header)
      if (seen.style === 'none' || parseFloat(seen.width) < 2) problems.push(`${brand.name}: ${seen.what} has no visible ring (${seen.style} ${seen.width})`)
      if (r < 3) problems.push(`${brand.name} (${brand.theme}): the ring ${seen.ring} on the header ${seen.header} is ${r.toFixed(2)}:1`)
      await s.page.screenshot({ path: `/tmp/phone-shell-focus-${brand.slug}.png`, clip: { x: 0, y: 0, width: 390, height: 80 } })
    } finally {
      await s.close()
    }
  }
  assert.deepEqual(problems, [])
})

test('the signup page on a phone: the brand header with a way back, and the step counter keeps its total', async () => {
  for (const brand of BRANDS.slice(0, 2)) {
    const s = await open(brand.host, { locale: brand.locale, ...PHONE })
    try {
      await s.context.grantPermissions(['notifications'])
      await s.goto('/')
      await s.page.waitForLoadState('load')
      // By the header's link (the app has started) and by the page's own address.
      const totals = []
      const total = async () => Number((await s.page.getByTestId('signup-step-title').textContent()).match(/(\d+)\D+(\d+)/)[2])
      await s.page.getByTestId('nav-signup').click()
      await s.page.getByTestId('signup-step-title').waitFor()
      totals.push(await total())
      await s.goto('/signup')
      await s.page.getByTestId('signup-step-title').waitFor()
      totals.push(await total())
      assert.equal(new Set(totals).size, 1, `${brand.name}: the counter's total was ${totals.join(' then ')}`)
      const header = s.page.getByTestId('site-header')
      await assertFullyVisible(header.getByTestId('site-name'), `${brand.name}: the brand's name on the signup page`)
      const back = header.getByRole('link', { name: catalogue(brand.locale).nav.back })
      await assertFullyVisible(back, `${brand.name}: the way back on the signup page`)
      const box = await header.boundingBox()
      assert.ok(box.y <= 0 + 1 && box.height <= 72, `${brand.name}: the signup header is at ${box.y}px, ${box.height}px high`)
      await s.page.screenshot({ path: `/tmp/phone-shell-signup-${brand.slug}.png` })
      await back.click()
      await s.page.waitForURL((u) => u.pathname === '/')
    } finally {
      await s.close()
    }
  }
})

test('the signup location step: typing a city shows the engine\'s places and saves the one chosen', async () => {
  const s = await open('localhost', { locale: 'nl', ...PHONE })
  try {
    await s.goto('/')
    await signupMember(s, { name: `City${Date.now() % 100000}`, prefix: 'city' })
    await s.goto('/complete-signup')
    const flow = s.page.getByTestId('signup-flow')
    await flow.getByTestId('signup-step-photo').getByRole('button', { name: 'Overslaan' }).click()
    const step = flow.getByTestId('signup-step-location')
    const field = step.getByRole('combobox', { name: 'Of typ je woonplaats' })
    await field.pressSequentially('Gen')
    // LustLokaal serves the Netherlands and Belgium: Gent is in Belgium.
    const option = s.page.getByRole('option', { name: 'Gent, Oost-Vlaanderen' })
    await assertFullyVisible(option, 'the suggestion Gent')
    await assertNoSidewaysScroll(s.page, 'the suggestions')
    await s.page.screenshot({ path: '/tmp/phone-shell-city.png' })
    // The keyboard takes it as well as a tap.
    const options = await s.page.getByRole('option').allInnerTexts()
    for (let i = 0; i <= options.indexOf('Gent, Oost-Vlaanderen'); i++) await field.press('ArrowDown')
    await field.press('Enter')
    assert.equal(await field.inputValue(), 'Gent')
    assert.equal(await field.getAttribute('aria-expanded'), 'false')
    const saved = s.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/profile.php' && r.request().method() === 'PUT')
    await step.getByRole('button', { name: 'Volgende' }).click()
    assert.equal((await saved).status(), 200)
    await flow.getByTestId('signup-step-personal').waitFor()
    const me = await (await s.page.request.get(site('localhost') + '/api/profile.php')).json()
    assert.deepEqual([me.profile.country, me.profile.region_name, me.profile.city], ['BE', 'Oost-Vlaanderen', 'Gent'])
  } finally {
    await s.close()
  }
})

test("one's own profile names the region in the page's language", async () => {
  const s = await open('localhost', { locale: 'nl', ...PHONE })
  try {
    await s.goto('/')
    await signupMember(s, { name: `Region${Date.now() % 100000}`, prefix: 'region' })
    const put = await s.page.request.put(site('localhost') + '/api/profile.php', { data: { country: 'BE', region: 'BE-VOV', city: 'Gent' } })
    assert.equal(put.status(), 200, await put.text())
    await s.goto('/profile')
    const region = s.page.getByTestId('profile-value-region')
    await assertFullyVisible(region, 'the region')
    assert.equal(await region.textContent(), 'Oost-Vlaanderen')
  } finally {
    await s.close()
  }
})

test('the complaint form names the profile it is about', async () => {
  const s = await memberOn(BRANDS[0], { locale: 'nl' })
  try {
    const her = await s.page.evaluate(async () => (await (await fetch('/api/members.php?per_page=5')).json()).profiles[0])
    await s.goto(`/complaints?profile_id=${her.id}`)
    const about = s.page.getByTestId('complaint-profile')
    await assertFullyVisible(about, 'the profile line')
    await s.page.getByTestId('complaint-profile').getByText(her.name).waitFor()
    assert.doesNotMatch(await about.textContent(), new RegExp(`\\b${her.id}\\b`), 'the profile is named, not numbered')
  } finally {
    await s.close()
  }
})

/** The member pages a phone opens first: from the home screen, a notification, a shared link. */
const FIRST_PAGES = ['/', '/members', '/likes', '/chats', '/members/{id}', '/notifications', '/credits']

test('the first paint before any script: the header and a skeleton on the member pages a phone opens first', async () => {
  const problems = []
  const bare = await open('localhost', { locale: 'nl', ...PHONE, javaScript: false })
  try {
    const post = await bare.page.request.post(site('localhost') + '/api/user.php', { headers: { 'X-Request-Type': 'client' }, data: { email: 'demo@lustlokaal.example', password: 'demo-password' } })
    assert.equal(post.status(), 200)
    const list = await (await bare.page.request.get(site('localhost') + '/api/members.php?per_page=3')).json()
    const id = list.profiles[0].id
    for (const path of FIRST_PAGES.map((p) => p.replace('{id}', id))) {
      await bare.page.goto(site('localhost') + path, { waitUntil: 'domcontentloaded' })
      const seen = await bare.page.evaluate(() => {
        const paint = document.querySelector('#root [data-first-paint]')
        if (!paint) return { none: true }
        const header = paint.querySelector('header')
        const hb = header?.getBoundingClientRect()
        const name = header && [...header.querySelectorAll('a, span')].find((el) => el.textContent.trim() === 'LustLokaal')
        const main = paint.querySelector('main')
        const mb = main?.getBoundingClientRect()
        return {
          header: hb && { top: hb.top, height: hb.height, bg: getComputedStyle(header).backgroundColor },
          name: name && { cut: name.scrollWidth > name.clientWidth + 1, width: name.getBoundingClientRect().width },
          main: mb && { top: mb.top, height: mb.height, shapes: main.querySelectorAll('[data-skeleton], img, h1, li').length },
          tabs: !!paint.querySelector('nav[data-first-paint-tabs]') && paint.querySelector('nav[data-first-paint-tabs]').getBoundingClientRect().bottom,
          wide: document.documentElement.scrollWidth,
        }
      })
      if (seen.none) {
        problems.push(`${path}: a blank page until the code runs`)
        continue
      }
      if (!seen.header || seen.header.top > 1 || seen.header.height < 48 || seen.header.height > 72) problems.push(`${path}: no header at the top (${JSON.stringify(seen.header)})`)
      if (!seen.name || seen.name.cut || seen.name.width < 20) problems.push(`${path}: the brand's name is not shown whole (${JSON.stringify(seen.name)})`)
      if (!seen.main || seen.main.height < 300 || seen.main.shapes < 1) problems.push(`${path}: no skeleton below the header (${JSON.stringify(seen.main)})`)
      if (seen.tabs && Math.abs(seen.tabs - PHONE.height) > 2) problems.push(`${path}: the tab bar is not at the bottom (${seen.tabs}px)`)
      if (seen.wide > PHONE.width) problems.push(`${path}: ${seen.wide}px wide`)
      await bare.page.screenshot({ path: `/tmp/phone-shell-firstpaint${path.replace(/\//g, '_') || '_home'}.png` })
    }
  } finally {
    await bare.close()
  }
  assert.deepEqual(problems, [])
})

test('the header menus on a phone name every item in the page\'s language, not by its catalogue key, in every demo brand', async () => {
  const problems = []
  for (const brand of BRANDS) {
    const language = catalogue(brand.locale).nav.languageChoice
    const v = await open(brand.host, { locale: brand.locale, ...PHONE })
    try {
      await v.context.addInitScript(() => window.localStorage.setItem('rdv_site_entry_dismissed', String(Date.now())))
      await v.goto('/')
      await v.page.getByTestId('visitor-menu').getByRole('button').click()
      // The open menu's code comes with the first click.
      await v.page.getByTestId('visitor-menu').getByRole('menuitem').first().waitFor()
      const items = await v.page.getByTestId('visitor-menu').getByRole('menuitem').allTextContents()
      // Spark speaks English alone: its menu offers no language.
      if (brand.slug !== 'sparkusa' && !items.includes(language)) problems.push(`${brand.name}, visitor's menu on the home: ${JSON.stringify(items)}, no "${language}"`)
      for (const item of items) if (/^[a-zA-Z]+(\.[a-zA-Z_]+)+$/.test(item.trim())) problems.push(`${brand.name}, visitor's menu: a catalogue key "${item}"`)
    } finally {
      await v.close()
    }
  }
  assert.deepEqual(problems, [])
})
