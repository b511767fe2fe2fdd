// The console's traffic page in a real browser on a phone-wide screen: a
// visitor opens a demo brand through an affiliate link and signs up, and
// the demo superadmin then finds that source on the traffic page with one
// visit and one signup, in a table that scrolls inside its own box.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { PHONE, assertNoSidewaysScroll, open, signupMember, site } from './lib.mjs'

test('a visit and a signup through an affiliate link show on the console traffic page', async () => {
  const network = `e2e${Date.now().toString(36)}`
  const visitor = await open('localhost')
  try {
    // LustLokaal keeps the source in a cookie only with the visitor's consent: this one agreed.
    await visitor.context.addCookies([{ name: 'rdv_consent', value: 'all', url: site('localhost') }])
    // The link's source is counted as a visit and kept (a cookie) into the signup.
    const res = await visitor.goto(`/?network=${network}&ref=aff7&sub1=spring`)
    assert.equal(res?.status(), 200)
    await signupMember(visitor, { prefix: 'traffic' })
  } finally {
    await visitor.close()
  }

  const c = await open('admin.localhost', PHONE)
  try {
    await c.goto('/admin/')
    await c.page.getByLabel('E-mail address').fill('admin@rendezvous.example')
    await c.page.getByLabel('Password').fill('demo-password')
    await c.page.getByRole('button', { name: 'Log in' }).click()
    await c.page.getByRole('button', { name: 'Menu' }).click()
    await c.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Traffic' }).click()
    await c.page.getByRole('heading', { name: 'Traffic', level: 1 }).waitFor()
    assert.equal(await c.page.getByLabel('Brand', { exact: true }).inputValue(), 'lustlokaal')

    const table = c.page.getByRole('table', { name: /per traffic source from/ })
    const row = table.getByRole('row').filter({ has: c.page.getByRole('rowheader', { name: network, exact: true }) })
    // The visit is written just after its page is answered: ask again until it is there.
    await table.waitFor()
    for (let i = 0; i < 20 && (await row.count()) === 0; i++) {
      await Promise.all([
        c.page.waitForResponse((r) => r.url().includes('/admin/api/reports/traffic')),
        c.page.getByRole('button', { name: 'Show' }).click(),
      ])
      await table.waitFor()
    }
    const cells = await row.locator('th, td').allTextContents()
    // network, ref, sub1..sub3, visits, bounce rate (the link had no lb), per lander, signups, activations, first purchases, revenue
    assert.deepEqual(cells.slice(0, 11), [network, 'aff7', 'spring', '–', '–', '1', '–', '–', '1', '0', '0'])
    assert.equal(cells[11], '–')
    // The totals close the table.
    assert.equal(await table.locator('tfoot th').first().textContent(), 'Total')

    // The page fits the phone; the wide table scrolls inside its region.
    await assertNoSidewaysScroll(c.page, 'the traffic page')
    const region = c.page.getByRole('region', { name: /per traffic source from/ })
    const { scroll, client } = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }))
    assert.ok(scroll > client && client <= PHONE.width, `the table region is ${client}px showing ${scroll}px`)
    assert.equal(await region.getAttribute('tabindex'), '0')
    await c.page.getByRole('region', { name: 'Postbacks' }).waitFor()
  } finally {
    await c.close()
  }
})
