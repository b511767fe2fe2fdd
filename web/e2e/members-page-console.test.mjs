// The console's Members page on a desktop (1366x900): a fresh LustLokaal
// member files a complaint and orders credits; the demo superadmin finds
// them by e-mail on /members, sees the complaint and the order on the member
// page, adds a staff note, ends the member's suspension early with a reason,
// and the member gets that reason by mail (the development mailbox).
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { call, open, signupMember } from './lib.mjs'

const CONSOLE = 'admin.localhost'
const DESKTOP = { width: 1366, height: 900 }
const shots = fileURLToPath(new URL('./screenshots/', import.meta.url))

test('an operator finds a member by e-mail, reads their complaints and orders, notes and lifts a suspension', async () => {
  const member = await open('localhost', { country: 'NL', locale: 'en', ...DESKTOP })
  const admin = await open(CONSOLE, DESKTOP)
  try {
    await member.goto('/pages/faq')
    const me = await signupMember(member, { name: 'Findable', prefix: 'members-page' })
    const complaint = await call(member, 'POST', '/api/complaints.php', { category: 'other', message: 'The chat does not load on my phone.' })
    assert.equal(complaint.status, 201, JSON.stringify(complaint.body))
    const order = await call(member, 'POST', '/api/orders.php', { package_id: 'popular', paymentmethod: 'ideal', waive_withdrawal: true })
    assert.ok(order.status < 300, JSON.stringify(order.body))

    const { page } = admin
    await admin.goto('/admin/')
    await page.getByLabel('E-mail address').fill('admin@rendezvous.example')
    await page.getByLabel('Password').fill('demo-password')
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor()
    // The member is suspended (the moderation call), so there is something to end early.
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString()
    const suspended = await call(admin, 'POST', `/admin/api/tenants/lustlokaal/moderation/members/${me.id}/suspend`, { until, reason: 'Rude in chat' })
    assert.equal(suspended.status, 200, JSON.stringify(suspended.body))

    // Members: found by e-mail, on its brand.
    await admin.goto('/admin/members')
    await page.getByRole('heading', { name: 'Members', level: 1 }).waitFor()
    await page.getByLabel('Search members').fill(me.email.toUpperCase())
    const searched = page.waitForResponse((r) => r.url().includes('/admin/api/members?q='))
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    assert.equal((await searched).status(), 200)
    const results = page.getByRole('table', { name: 'Members found' })
    await results.waitFor()
    const row = results.getByRole('row').filter({ hasText: me.email })
    assert.match(await row.textContent(), /LustLokaal/)
    await row.getByRole('link', { name: `Findable (#${me.id})` }).click()
    await page.getByRole('heading', { name: `Findable (#${me.id})`, level: 1 }).waitFor()

    // The complaint and the order, as text on screen.
    const complaints = page.getByRole('table', { name: 'Complaints' })
    await complaints.getByText('The chat does not load on my phone.').waitFor()
    assert.match(await complaints.textContent(), /By this member/)
    const orders = page.getByRole('table', { name: 'Orders' })
    await orders.waitFor()
    assert.equal(await orders.locator('tbody tr').count(), 1)
    assert.match(await orders.textContent(), /Waiting|Pending|pending/i)
    const facts = await page.getByRole('region', { name: 'Profile' }).textContent()
    assert.match(facts, /StateSuspended until/)
    assert.doesNotMatch(facts, /Status:/)
    assert.match(facts, /BrandLustLokaal/i)
    assert.match(facts, /Age3\d/)

    // A staff note, kept after a reload.
    await page.getByLabel('Note', { exact: true }).fill('Phoned: promises to be polite.')
    const noted = page.waitForResponse((r) => r.url().endsWith('/notes') && r.request().method() === 'POST')
    await page.getByRole('button', { name: 'Save the note' }).click()
    assert.equal((await noted).status(), 201)
    await page.getByRole('list', { name: 'Staff notes' }).getByText('Phoned: promises to be polite.').waitFor()
    await page.reload()
    await page.getByRole('list', { name: 'Staff notes' }).getByText('Phoned: promises to be polite.').waitFor()

    // The suspension ends early; the member is told why by mail.
    await page.getByRole('heading', { name: 'End the suspension early' }).waitFor()
    await page.getByLabel('Reason (mailed to the member)').fill('We misread the conversation, sorry.')
    const lifted = page.waitForResponse((r) => r.url().endsWith('/lift'))
    await page.getByRole('button', { name: 'End the suspension' }).click()
    assert.equal((await lifted).status(), 200)
    await page.getByText('Done: the member can log in again and has been told by mail.').waitFor()
    // A fresh member has not confirmed the address yet: that is the state once the suspension is over.
    await page.getByRole('region', { name: 'Profile' }).getByText('E-mail address not confirmed', { exact: true }).waitFor()
    const audit = page.getByRole('table', { name: 'Audit trail' })
    await audit.getByText('member.lift').waitFor()
    await audit.getByText('member.note').waitFor()

    let mail
    for (const end = Date.now() + 10_000; !mail && Date.now() < end; ) {
      const box = (await call(member, 'GET', '/dev/mailbox.json')).body
      mail = box.find((m) => m.to.includes(me.email) && m.template === 'moderation_lifted')
      if (!mail) await new Promise((r) => setTimeout(r, 100))
    }
    assert.ok(mail, 'the lift mail reached the member')
    assert.match(mail.text, /We misread the conversation, sorry\./)

    // Nothing sideways at the desktop width.
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the member page fits 1366 px')
    mkdirSync(shots, { recursive: true })
    await page.screenshot({ path: `${shots}members-page-desktop.png`, fullPage: true })
    assert.deepEqual(admin.problems, [])
  } finally {
    await admin.context.close()
    await member.context.close()
  }
})
