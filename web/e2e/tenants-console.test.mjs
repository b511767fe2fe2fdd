// Brands in the operators' console, in a real browser: the demo superadmin
// creates a brand, sees a refused field marked, and the new brand answers on
// its own *.localhost host at once (Chromium resolves *.localhost to
// loopback); the brand exports as a tenant file.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { call, open, site } from './lib.mjs'

test('a superadmin creates a brand and it answers on its new host', async () => {
  const c = await open('admin.localhost', { width: 390 })
  try {
    await c.goto('/admin/')
    await c.page.getByLabel('E-mail address').fill('admin@rendezvous.example')
    await c.page.getByLabel('Password').fill('demo-password')
    await c.page.getByRole('button', { name: 'Log in' }).click()
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
    await c.goto('/admin/')
    await c.page.getByLabel('E-mail address').fill('admin@rendezvous.example')
    await c.page.getByLabel('Password').fill('demo-password')
    await c.page.getByRole('button', { name: 'Log in' }).click()
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
