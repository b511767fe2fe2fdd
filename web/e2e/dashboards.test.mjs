// The console's dashboards in a real browser, on a phone-wide screen: the
// demo superadmin sees a brand's plots drawn by uPlot and downloads one as
// CSV.
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { test } from 'node:test'
import { open } from './lib.mjs'

test('the demo superadmin sees the dashboards drawn and downloads a CSV', async () => {
  const c = await open('admin.localhost', { width: 390 })
  try {
    await c.goto('/admin/')
    await c.page.getByLabel('E-mail address').fill('admin@rendezvous.example')
    await c.page.getByLabel('Password').fill('demo-password')
    await c.page.getByRole('button', { name: 'Log in' }).click()
    await c.page.getByRole('button', { name: 'Menu' }).click()
    // Dashboards are the first page of Reports.
    await c.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Reports' }).click()
    const signups = c.page.getByRole('region', { name: 'Signups and activations' })
    // uPlot draws each plot on a canvas of the panel's width.
    const canvas = signups.locator('canvas').first()
    await canvas.waitFor()
    const box = await canvas.boundingBox()
    assert.ok(box && box.width > 200 && box.width <= 390, `canvas ${JSON.stringify(box)}`)
    await c.page.getByRole('region', { name: 'Moderation backlog', exact: true }).locator('canvas').first().waitFor()
    // Conversion by traffic source is plotted too, as bars (the demo's members signed up over the last 400 days).
    await c.page.getByRole('region', { name: 'Conversion by traffic source' }).locator('canvas').first().waitFor()
    assert.ok((await c.page.locator('[data-testid="chart"] canvas').count()) >= 6)
    // The page fits the phone.
    assert.ok(await c.page.evaluate(() => document.documentElement.scrollWidth <= 390), 'the page is wider than 390 px')

    const [download] = await Promise.all([
      c.page.waitForEvent('download'),
      signups.getByRole('link', { name: 'Download CSV (Signups and activations)' }).click(),
    ])
    assert.match(download.suggestedFilename(), /^lustlokaal-signups-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/)
    const lines = (await readFile(await download.path(), 'utf8')).trim().split('\n')
    assert.equal(lines[0], 'day,signups,activations')
    assert.equal(lines.length, 31, 'a header and the last 30 days')
  } finally {
    await c.close()
  }
})
