// Brands in the operators' console, in a real browser: the demo superadmin
// creates a brand, sees a refused field marked, and the new brand answers on
// its own *.localhost host at once (Chromium resolves *.localhost to
// loopback); the brand exports as a tenant file. On a phone the editor's
// forms (a minimum message price among them) fit the screen and save.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { PHONE, assertNoSidewaysScroll, call, open, site } from './lib.mjs'

/** logIn logs the demo superadmin in to the console. */
async function logIn(c) {
  await c.goto('/admin/')
  await c.page.getByLabel('E-mail address').fill('admin@rendezvous.example')
  await c.page.getByLabel('Password').fill('demo-password')
  await c.page.getByRole('button', { name: 'Log in' }).click()
}

test('a superadmin creates a brand and it answers on its new host', async () => {
  const c = await open('admin.localhost', { width: 390 })
  try {
    await logIn(c)
    // The brand list is under Brands, behind the menu at this width.
    await c.page.getByRole('button', { name: 'Menu' }).click()
    await c.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Brands' }).click()
    await c.page.getByRole('link', { name: 'New brand' }).click()
    const form = c.page.getByRole('form', { name: 'Brand' })
    await form.waitFor()
    await c.page.getByLabel('Slug', { exact: true }).fill('nachtbloem')
    await c.page.getByLabel('Name', { exact: true }).fill('Nachtbloem')
    // A host that is not a host name is refused, the field marked.
    await c.page.getByLabel('Hosts').fill('nachtbloem.localhost, Not A Host')
    await c.page.getByRole('button', { name: 'Create brand' }).click()
    await c.page.getByRole('alert').filter({ hasText: 'hosts[1]' }).waitFor()
    assert.equal(await c.page.getByLabel('Hosts').getAttribute('aria-invalid'), 'true')

    await c.page.getByLabel('Hosts').fill('nachtbloem.localhost')
    await c.page.getByRole('button', { name: 'Create brand' }).click()
    await c.page.getByRole('heading', { name: 'Brand Nachtbloem' }).waitFor()
    await c.page.getByRole('status').filter({ hasText: 'Saved' }).waitFor()
    assert.equal(new URL(c.page.url()).pathname, '/admin/tenants/nachtbloem')
    const preview = await c.page.getByRole('link', { name: 'Preview the site' }).getAttribute('href')
    assert.equal(preview, site('nachtbloem.localhost') + '/')

    // The new host answers as the new brand, in the same browser.
    const member = await c.context.newPage()
    await member.goto(preview, { waitUntil: 'domcontentloaded' })
    const settings = await member.evaluate(() => fetch('/api/settings.php').then((r) => r.json()))
    assert.equal(settings.name, 'Nachtbloem')
    assert.equal(settings.slug, 'nachtbloem')
    await member.close()

    // Its export is a tenant file.
    const exported = await c.page.evaluate(() => fetch('/admin/api/tenants/nachtbloem/export').then((r) => r.text()))
    assert.match(exported, /^slug: nachtbloem$/m)
    assert.match(exported, /^hosts:\n\s+- nachtbloem\.localhost$/m)
  } finally {
    await c.close()
  }
})

// The brand editor at desktop width: a picked colour shows its contrast as
// it is picked, and it and an edited package are saved; the saved colour is
// the colour the brand's site draws.
test('an operator picks a brand colour and edits a package, and the site draws the colour', async () => {
  const c = await open('admin.localhost', { width: 1280 })
  try {
    await logIn(c)
    await c.page.getByRole('navigation', { name: 'Console' }).waitFor()
    // A brand of its own (a copy of LustLokaal), so no other spec sees its colours.
    const made = await call(c, 'GET', '/admin/api/tenants/lustlokaal/file').then(({ body }) =>
      call(c, 'POST', '/admin/api/tenants', { ...body.file, slug: 'kleurrijk', name: 'Kleurrijk', hosts: ['kleurrijk.localhost'] }),
    )
    assert.equal(made.status, 201, JSON.stringify(made.body))
    const brandSite = site('kleurrijk.localhost')
    const blue = 'rgb(29, 78, 216)'
    const drawsBlue = async (page) =>
      page.evaluate((want) => [...document.querySelectorAll('body *')].filter((el) => getComputedStyle(el).backgroundColor === want).map((el) => el.tagName), blue)

    const member = await c.context.newPage()
    await member.goto(brandSite + '/', { waitUntil: 'domcontentloaded' })
    await member.locator('header').first().waitFor()
    assert.deepEqual(await drawsBlue(member), [], 'the theme draws no blue')

    await c.goto('/admin/tenants/kleurrijk')
    const primary = c.page.getByLabel('primary', { exact: true })
    const pair = c.page.locator('[data-pair="onPrimary/primary/text"] td').nth(2)
    const before = await pair.textContent()
    await primary.fill('#1d4ed8')
    // The ratio follows the pick at once, before anything is saved.
    await c.page.waitForFunction((b) => document.querySelector('[data-pair="onPrimary/primary/text"] td:nth-child(3)')?.textContent !== b, before)
    assert.match(await pair.textContent(), /^\d+\.\d\d:1 \(needs 4\.5:1\)$/)
    await c.page.getByLabel('Credits of package 1').fill('123')
    const saved = c.page.waitForResponse((r) => r.url().endsWith('/admin/api/tenants/kleurrijk/file') && r.request().method() === 'PUT')
    await c.page.getByRole('button', { name: 'Save', exact: true }).click()
    assert.equal((await saved).status(), 200)
    await c.page.getByRole('status').filter({ hasText: 'Saved' }).waitFor()

    // Saved: the form shows both after a reload.
    await c.page.reload({ waitUntil: 'domcontentloaded' })
    assert.equal(await c.page.getByLabel('Credits of package 1').inputValue(), '123')
    assert.equal(await c.page.getByLabel('primary', { exact: true }).inputValue(), '#1d4ed8')

    // The brand's site draws its header (and primary buttons) in the saved colour.
    await member.reload({ waitUntil: 'domcontentloaded' })
    await member.locator('header').first().waitFor()
    assert.notDeepEqual(await drawsBlue(member), [], 'nothing on the site is drawn in the saved primary')
    await member.close()
  } finally {
    await c.close()
  }
})

// The brand editor on a phone: a country's minimum message price is a row of
// the form, filled and saved; every field of the form lies within the 390 px
// screen, none cut by a box that scrolls sideways.
test('on a phone an operator adds a minimum message price, and every field of the editor fits the screen', async () => {
  const c = await open('admin.localhost', PHONE)
  try {
    await logIn(c)
    await c.page.getByRole('button', { name: 'Menu' }).waitFor()
    // A brand of its own (Herzklopfen's file, with Liechtenstein as a fourth country), so no other spec sees its prices.
    const made = await call(c, 'GET', '/admin/api/tenants/herzklopfen/file').then(({ body }) =>
      call(c, 'POST', '/admin/api/tenants', { ...body.file, slug: 'preisbewusst', name: 'Preisbewusst', hosts: ['preisbewusst.localhost'], countries: [...body.file.countries, 'LI'] }),
    )
    assert.equal(made.status, 201, JSON.stringify(made.body))
    await c.goto('/admin/tenants/preisbewusst')
    await c.page.getByRole('button', { name: "Add a country's minimum price" }).click()
    assert.equal(await c.page.getByLabel('Country of minimum price 4', { exact: true }).inputValue(), 'LI')
    await c.page.getByLabel('Minimum price of a message in Liechtenstein', { exact: true }).fill('1.99')
    await c.page.getByLabel('Currency of the minimum price in Liechtenstein', { exact: true }).fill('chf')

    const fields = await c.page.getByRole('form', { name: 'Brand' }).evaluate((form) =>
      [...form.querySelectorAll('input, select, textarea, button')].flatMap((el) => {
        const r = el.getBoundingClientRect()
        if (r.width === 0) return [] // folded away (the Advanced box)
        const name = el.id || el.getAttribute('aria-label') || el.textContent
        const out = []
        if (r.left < 0 || r.right > window.innerWidth) out.push(`${name}: ${Math.round(r.left)}..${Math.round(r.right)} in ${window.innerWidth}px`)
        for (let a = el.parentElement; a && a !== form; a = a.parentElement) {
          const b = a.getBoundingClientRect()
          if (getComputedStyle(a).overflowX !== 'visible' && (r.left < b.left - 1 || r.right > b.right + 1))
            out.push(`${name}: ${Math.round(r.left)}..${Math.round(r.right)} cut by <${a.tagName.toLowerCase()}> ${Math.round(b.left)}..${Math.round(b.right)}`)
        }
        return out
      }),
    )
    assert.deepEqual(fields, [])
    await assertNoSidewaysScroll(c.page, 'the brand editor')

    const saved = c.page.waitForResponse((r) => r.url().endsWith('/admin/api/tenants/preisbewusst/file') && r.request().method() === 'PUT')
    await c.page.getByRole('button', { name: 'Save', exact: true }).click()
    const res = await saved
    assert.equal(res.status(), 200)
    assert.deepEqual(res.request().postDataJSON().settings.minimum_message_costs.LI, { costs: 1.99, currency: 'CHF' })
    await c.page.getByRole('status').filter({ hasText: 'Saved' }).waitFor()
    // Stored: the brand's file answers it.
    const settings = await call(c, 'GET', '/admin/api/tenants/preisbewusst/file')
    assert.deepEqual(settings.body.file.settings.minimum_message_costs.LI, { costs: 1.99, currency: 'CHF' })
  } finally {
    await c.close()
  }
})
