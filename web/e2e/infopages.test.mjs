// The info pages (tenants/README.md, Info pages): the engine writes each page
// for the brand and language; the app draws it readable on a phone.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { PHONE, assertNoSidewaysScroll, open } from './lib.mjs'

const cases = [
  {
    host: 'localhost',
    locale: 'nl',
    company: 'Lokaal Media B.V.',
    pages: { '/pages/terms': 'Algemene voorwaarden', '/pages/privacy': 'Privacyverklaring', '/cookies': 'Cookieverklaring', '/pages/return-policy': 'Retourbeleid' },
    expect: { '/pages/terms': ['81234567', 'NL862345678B01'], '/cookies': ['rdv_session', 'locale'], '/pages/return-policy': ['14 dagen'] },
  },
  {
    host: 'localhost',
    locale: 'en',
    company: 'Lokaal Media B.V.',
    pages: { '/pages/terms': 'Terms and conditions', '/pages/service': 'Customer service', '/faq': 'Frequently asked questions' },
    expect: { '/pages/service': ['support@lustlokaal.example', '+31 20-123 4567'] },
  },
  {
    host: 'herzklopfen.localhost',
    locale: 'de',
    company: 'Herz Digital GmbH',
    pages: { '/pages/terms': 'Allgemeine Geschäftsbedingungen', '/pages/privacy': 'Datenschutzerklärung', '/pages/ban': 'Sperrrichtlinie', '/pages/service': 'Kundenservice' },
    expect: { '/pages/terms': ['HRB 204512 B', 'DE312345678', '1. Dezember 2023'], '/pages/service': ['hilfe@herzklopfen.example'] },
  },
]

for (const c of cases) {
  test(`the info pages of ${c.host} in ${c.locale} show the company and real text on a phone`, async () => {
    const s = await open(c.host, { locale: c.locale, ...PHONE })
    try {
      for (const [path, title] of Object.entries(c.pages)) {
        const res = await s.goto(path)
        assert.equal(res.status(), 200, path)
        await s.page.getByRole('heading', { level: 1, name: title }).waitFor()
        const text = s.page.getByTestId('info-text')
        await text.waitFor()
        assert.equal(await s.page.getByTestId('info-body').getAttribute('data-lang'), c.locale, path)
        const body = await text.innerText()
        assert.ok(body.includes(c.company), `${path}: the company is named`)
        assert.ok(body.split(/\s+/).length > 90, `${path}: a real text`)
        assert.ok(!/\{\{|\}\}|<no value>/.test(body), `${path}: no placeholder left`)
        assert.ok((await text.getByRole('heading', { level: 2 }).count()) >= 2, `${path}: headings`)
        for (const want of c.expect[path] ?? []) assert.ok(body.includes(want), `${path}: ${want}`)
        await assertNoSidewaysScroll(s.page, `${c.host} ${path}`)
      }
      // A link inside a page goes to another page of the app.
      await s.goto('/pages/terms')
      await s.page.getByTestId('info-text').getByRole('link', { name: /^(return policy|retourbeleid|Widerrufsbelehrung)$/ }).first().click()
      await s.page.waitForURL((u) => u.pathname === '/pages/return-policy')
      await s.page.getByTestId('info-text').waitFor()
      await assertNoSidewaysScroll(s.page, `${c.host} return policy`)
    } finally {
      await s.close()
    }
  })
}
