// The console's member page, staff page and audit log in a real browser at
// 390 px: the demo superadmin opens a member of LustLokaal (profile,
// photos, credits) and books a credit correction, makes a staff member with
// two roles, changes the roles and disables the account, and finds each of
// these in the audit log with its before and after.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { call, open } from './lib.mjs'

const CONSOLE = 'admin.localhost'

/** fits reports whether the page is no wider than its viewport (nothing to scroll sideways). */
const fits = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

test('a superadmin works on a member, on staff and in the audit log at 390 px', async () => {
  const admin = await open(CONSOLE, { width: 390 })
  const { page } = admin
  try {
    await admin.goto('/admin/')
    await page.getByLabel('E-mail address').fill('admin@rendezvous.example')
    await page.getByLabel('Password').fill('demo-password')
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor()

    // A demo member of LustLokaal, found by id.
    let member
    for (let id = 1; id < 200 && !member; id++) {
      const found = await call(admin, 'GET', `/admin/api/tenants/lustlokaal/moderation/members?q=${id}`)
      member = found.body.members?.find((m) => m.id === id && !m.is_house)
    }
    assert.ok(member, 'a demo member of lustlokaal')
    await admin.goto(`/admin/members/lustlokaal/${member.id}`)
    await page.getByRole('heading', { name: `${member.name} (#${member.id})` }).waitFor()
    await page.getByRole('heading', { name: 'Credits and orders' }).waitFor()
    const balance = Number((await page.getByText(/^Balance: \d+ credits$/).textContent()).match(/\d+/)[0])
    await page.getByLabel('Credits to add (negative to take away)').fill('-' + (balance + 1))
    await page.getByLabel('Reason (kept in the ledger and the audit log)').fill('e2e check')
    await page.getByRole('button', { name: 'Book the correction' }).click()
    await page.getByText(`This correction would leave the member with fewer than zero credits (balance ${balance}).`).waitFor()
    await page.getByLabel('Credits to add (negative to take away)').fill('5')
    await page.getByRole('button', { name: 'Book the correction' }).click()
    await page.getByText(`Corrected: the balance went from ${balance} to ${balance + 5} credits.`).waitFor()
    await page.getByText(`Balance: ${balance + 5} credits`).waitFor()
    assert.ok(await fits(page), 'the member page fits 390 px')

    // Staff: a new account with two roles, its roles changed, then disabled.
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Staff' }).click()
    await page.getByRole('heading', { name: 'New staff member' }).waitFor()
    const email = `e2e-${Date.now()}@staff.example`
    await page.getByLabel('E-mail address').fill(email)
    await page.getByRole('button', { name: 'Add a role' }).click()
    await page.getByLabel('Role 2', { exact: true }).selectOption('finance')
    await page.getByLabel('Brand of role 2', { exact: true }).selectOption('lustlokaal')
    await page.getByRole('button', { name: 'Create' }).click()
    await page.getByText('One-time password to hand over (shown once):').waitFor()
    const card = page.getByRole('region', { name: email })
    await card.getByText('Finance on LustLokaal').waitFor()
    await card.getByRole('button', { name: 'Change roles' }).click()
    await card.getByRole('button', { name: 'Remove role 1' }).click()
    await card.getByRole('button', { name: 'Save roles' }).click()
    await card.getByText('Roles saved.').waitFor()
    assert.deepEqual(await card.getByRole('list', { name: `Roles of ${email}` }).getByRole('listitem').allTextContents(), ['Finance on LustLokaal'])
    await card.getByRole('button', { name: 'Disable' }).click()
    await card.getByRole('button', { name: 'Yes, disable' }).click()
    await card.getByText(/^Disabled since /).waitFor()
    assert.ok(await fits(page), 'the staff page fits 390 px')

    // The audit log has each of them, with before and after.
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click()
    await page.getByRole('list', { name: 'Audit log entries, newest first' }).waitFor()
    await page.getByLabel('Action').selectOption('staff.roles')
    await page.getByLabel("Staff member's e-mail").fill('admin@rendezvous.example')
    await page.getByRole('button', { name: 'Search' }).click()
    const roles = page.getByRole('table', { name: 'Changes of staff.roles' }).first()
    await roles.waitFor()
    const rows = await roles.getByRole('row').allTextContents()
    assert.ok(rows.some((r) => r.includes('roles[0].role') && r.includes('moderator') && r.includes('finance')), rows.join(' | '))
    await page.getByLabel('Action').selectOption('credits.correct')
    await page.getByRole('button', { name: 'Search' }).click()
    const credits = page.getByRole('table', { name: 'Changes of credits.correct' }).first()
    await credits.getByRole('row', { name: /balance/ }).first().waitFor()
    assert.match((await credits.getByRole('row').allTextContents()).join(' | '), new RegExp(`balance${balance}${balance + 5}`))
    assert.ok(await fits(page), 'the audit log fits 390 px')
    assert.deepEqual(admin.problems, [])
  } finally {
    await admin.context.close()
  }
})
