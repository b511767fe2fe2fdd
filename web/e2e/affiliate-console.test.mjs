// An affiliate in the console, in a real browser on a desktop (1366x900):
// the demo superadmin makes an affiliate account of a network on the Staff
// page; a visitor opens a lander through the affiliate's link (with lb) and
// leaves it, and another network's visitor opens one too; the affiliate
// logs in with its second factor, sees its own lander's visit and bounce
// rate, never the other network's row, and builds a tracking link.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { open, site, totp } from './lib.mjs'

const CONSOLE = 'admin.localhost'
const DESKTOP = { width: 1366, height: 900 }

async function logIn(page, email, password) {
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

test('an affiliate sees its own lander visit and bounce rate, not another network, and builds a link', async () => {
  const stamp = Date.now().toString(36)
  const network = `aff${stamp}`
  const otherNetwork = `other${stamp}`
  const email = `affiliate-${stamp}@partner.example`

  // The superadmin makes the affiliate's account on the Staff page.
  const admin = await open(CONSOLE, DESKTOP)
  let password
  try {
    await admin.goto('/admin/staff')
    await logIn(admin.page, 'admin@rendezvous.example', 'demo-password')
    const form = admin.page.getByRole('form', { name: 'New staff member' })
    await form.waitFor()
    await form.getByLabel('E-mail address').fill(email)
    await form.getByLabel('Role 1', { exact: true }).selectOption('affiliate')
    await form.getByLabel('Brand of role 1', { exact: true }).selectOption('lustlokaal')
    await form.getByLabel('Network (the links\' network=)').fill(network)
    await form.getByLabel('Refs, separated by commas (empty: every ref)').fill('site1')
    await form.getByLabel('Revenue share in %').fill('25')
    await Promise.all([
      admin.page.waitForResponse((r) => r.url().endsWith('/admin/api/staff') && r.request().method() === 'POST' && r.status() === 201),
      form.getByRole('button', { name: 'Create' }).click(),
    ])
    password = (await form.locator('code').textContent()).trim()
    assert.ok(password.length >= 12, 'a one-time password')
  } finally {
    await admin.close()
  }

  // A visitor opens the lander through the affiliate's link and leaves it
  // without signing up: the page's beacon marks the visit bounced.
  const visitor = await open('localhost', DESKTOP)
  try {
    const res = await visitor.page.goto(`${site()}/landers/video?network=${network}&ref=site1&sub1=spring&lb=1`)
    assert.equal(res?.status(), 200)
    await visitor.page.getByTestId('lander-signup-form').waitFor()
    // Leaving sends the beacon as the page unloads (the report below
    // waits until the engine counted it).
    await visitor.page.goto('about:blank')
  } finally {
    await visitor.close()
  }
  // Another network's visitor.
  const stranger = await open('localhost', DESKTOP)
  try {
    const res = await stranger.page.goto(`${site()}/landers/gallery?network=${otherNetwork}&ref=site1&sub1=strange`)
    assert.equal(res?.status(), 200)
  } finally {
    await stranger.close()
  }

  const aff = await open(CONSOLE, DESKTOP)
  try {
    await aff.goto('/admin/')
    await logIn(aff.page, email, password)
    // The second factor, as for staff.
    await aff.page.getByRole('heading', { name: 'Set up your second factor' }).waitFor()
    await aff.page.getByRole('button', { name: 'Show the key' }).click()
    const secret = (await aff.page.getByTestId('totp-secret').textContent()).trim()
    await aff.page.getByLabel('Code', { exact: true }).fill(totp(secret))
    await aff.page.getByRole('button', { name: 'Turn on' }).click()
    await aff.page.getByRole('heading', { name: 'Your traffic', level: 1 }).waitFor()
    // The navigation offers the affiliate its own page only.
    assert.deepEqual(await aff.page.getByRole('navigation', { name: 'Console' }).getByRole('link').allTextContents(), ['Your traffic'])
    await aff.page.getByText(`Network ${network}, refs site1.`).waitFor()

    // The visit is written after its page was answered, the bounce after the
    // beacon: ask again until the row shows both.
    const table = aff.page.getByRole('table', { name: /Your visits, bounce rate/ })
    const row = table.getByRole('row').filter({ has: aff.page.getByRole('rowheader', { name: 'video', exact: true }) })
    await table.waitFor()
    for (let i = 0; i < 30; i++) {
      const cells = (await row.count()) === 1 ? await row.locator('th, td').allTextContents() : []
      if (cells[6] === '100%') break
      await Promise.all([
        aff.page.waitForResponse((r) => r.url().includes('/admin/api/affiliate/report')),
        aff.page.getByRole('button', { name: 'Show' }).click(),
      ])
      await table.waitFor()
    }
    const cells = await row.locator('th, td').allTextContents()
    // lander, ref, sub1..sub3, visits, bounce rate, signups, activations, first purchases
    assert.deepEqual(cells.slice(0, 10), ['video', 'site1', 'spring', '–', '–', '1', '100%', '0', '0', '0'])
    // Only its own rows: the other network's gallery visit is not on screen.
    assert.equal(await table.getByRole('row').count(), 2)
    assert.equal(await aff.page.getByText('strange').count(), 0)
    assert.equal(await aff.page.getByText(otherNetwork).count(), 0)
    await aff.page.getByRole('heading', { name: 'Postbacks to your network' }).waitFor()

    // The link builder.
    await aff.page.getByLabel('Lander', { exact: true }).selectOption('gallery')
    await aff.page.getByLabel('Niche', { exact: true }).selectOption({ label: 'Women 35 to 59' })
    await aff.page.getByLabel('Sub 1', { exact: true }).fill('summer')
    await aff.page.getByRole('button', { name: 'Build the link' }).click()
    const link = aff.page.getByRole('status', { name: 'Your tracking link' })
    assert.equal(await link.textContent(), `${site()}/landers/gallery?network=${network}&ref=site1&sub1=summer&niche=6&lb=1`)
    const box = await link.boundingBox()
    assert.ok(box && box.x >= 0 && box.x + box.width <= DESKTOP.width, `the link fits the screen: ${JSON.stringify(box)}`)

    // The engine refuses the staff's calls to the affiliate.
    const staffReport = await aff.page.evaluate(() => fetch('/admin/api/reports/traffic?tenant=lustlokaal').then((r) => r.status))
    assert.equal(staffReport, 403)
  } finally {
    await aff.close()
  }
})
