// Brands in the operators' console, in a real browser: the demo superadmin
// creates a brand, sees a refused field marked, and the new brand answers on
// its own *.localhost host at once (Chromium resolves *.localhost to
// loopback); the brand exports as a tenant file.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { open, site } from './lib.mjs'

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
