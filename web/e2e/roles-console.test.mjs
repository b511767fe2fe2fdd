// Console roles in a real browser: a moderator approves one photo and
// rejects another on Herzklopfen (the demo brand with photo_moderation:
// true), the member sees the approved photo and the reason, another member
// only the approved one; a support agent is refused the money pages (no
// entry in the navigation, "Not allowed" at the address, 403 from the API).
// The moderator is a fresh account the demo superadmin makes, so the demo
// moderators' second factor (console.test.mjs sets one up) does not matter.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { call, open, png, queueCard, totp } from './lib.mjs'

const CONSOLE = 'admin.localhost'
const BRAND = 'herzklopfen.localhost'

async function logIn(page, email, password) {
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

/** enrol sets up the second factor of a console session at its first login. */
async function enrol(page) {
  await page.getByRole('heading', { name: 'Set up your second factor' }).waitFor()
  await page.getByRole('button', { name: 'Show the key' }).click()
  const secret = (await page.getByTestId('totp-secret').textContent()).trim()
  await page.getByLabel('Code', { exact: true }).fill(totp(secret))
  await page.getByRole('button', { name: 'Turn on' }).click()
  await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor()
}

/** navLinks are the navigation's entries; on a narrow window it opens the menu first. */
const navLinks = async (page) => {
  const menu = page.getByRole('button', { name: 'Menu' })
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) === 'false') await menu.click()
  return page.getByRole('navigation', { name: 'Console' }).getByRole('link').allTextContents()
}

/** letters is a random name part the signup accepts. */
const letters = (n) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')

test('a moderator approves one photo and rejects another; the member sees the reason, others only the approved photo', async () => {
  const admin = await open(CONSOLE)
  const mod = await open(CONSOLE, { width: 390 })
  const member = await open(BRAND, { locale: 'en' })
  const other = await open(BRAND, { locale: 'en' })
  try {
    // The demo superadmin makes a moderator of Herzklopfen.
    await admin.goto('/admin/')
    await logIn(admin.page, 'admin@rendezvous.example', 'demo-password')
    await admin.page.getByRole('heading', { name: 'Today', level: 1 }).waitFor()
    const modEmail = `moderator-${Date.now()}-${letters(4)}@staff.example`
    const made = await call(admin, 'POST', '/admin/api/staff', { email: modEmail, role: 'moderator', tenant: 'herzklopfen', password: 'moderator-e2e-password' })
    assert.equal(made.status, 201, JSON.stringify(made.body))

    // A member of Herzklopfen signs up, activates and uploads two photos: both wait.
    await member.goto('/pages/faq')
    const name = `Foto${letters(8)}`
    const email = `roles-${Date.now()}-${letters(4)}@example.test`
    const signup = await call(member, 'POST', '/api/signup.php', { orientation_consent: true, email, name, date_of_birth: '1990-01-01', password: 'roles-password-1', gender: 'female', seeking: 'male' })
    assert.equal(signup.status, 201, JSON.stringify(signup.body))
    const profileId = signup.body.user.profile.id
    // The activation mail is sent by a background job: wait for it (10 s at most).
    let link
    for (const end = Date.now() + 10_000; !link && Date.now() < end; ) {
      const mails = (await call(member, 'GET', '/dev/mailbox.json')).body
      link = mails.find((m) => m.to.includes(email))?.links.find((l) => /activate/.test(l))
      if (!link) await new Promise((r) => setTimeout(r, 100))
    }
    assert.ok(link, 'an activation link')
    await member.page.goto(link)
    await member.page.waitForURL(/\/activate\/done/)
    await member.goto('/profile')
    const manager = member.page.getByTestId('photo-manager')
    await manager.getByTestId('photo-input').setInputFiles([
      { name: 'one.png', mimeType: 'image/png', buffer: png(200, 200, 11) },
      { name: 'two.png', mimeType: 'image/png', buffer: png(200, 200, 12) },
    ])
    await member.page.waitForFunction(() => document.querySelectorAll('[data-testid="own-photo"]').length === 2)
    const own = (await call(member, 'GET', '/api/photos.php')).body.photos
    assert.deepEqual(own.map((p) => p.status), ['pending', 'pending'])
    const [keep, drop] = own.map((p) => p.id)
    assert.equal(await manager.getByText('Awaiting approval').count(), 2)

    // Another member sees neither yet.
    await other.goto('/pages/faq')
    assert.equal((await call(other, 'POST', '/api/user.php', { email: 'premium@herzklopfen.example', password: 'demo-password' })).status, 200)
    const before = (await call(other, 'GET', `/api/member.php?id=${profileId}`)).body.profile
    assert.deepEqual([before.photos.length, before.photos_hidden], [0, 0])

    // The moderator sets up the second factor, finds both photos in Herzklopfen's queue.
    await mod.goto('/admin/')
    await logIn(mod.page, modEmail, 'moderator-e2e-password')
    await enrol(mod.page)
    assert.deepEqual(await navLinks(mod.page), ['Today', 'Members', 'Moderation', 'Flagged', 'Brands'])
    await mod.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Moderation' }).click()
    const brand = mod.page.getByLabel('Brand', { exact: true })
    await brand.waitFor()
    assert.deepEqual(await brand.locator('option').allTextContents(), ['Herzklopfen'])
    const queue = mod.page.getByRole('list', { name: 'Photos waiting for approval' })
    const first = queue.getByRole('listitem', { name: `Photo ${keep} of ${name}`, exact: true })
    const second = queue.getByRole('listitem', { name: `Photo ${drop} of ${name}`, exact: true })
    await queueCard(mod.page, first)
    await queueCard(mod.page, second)
    const overflow = await mod.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    assert.ok(overflow <= 0, `the moderation page is ${overflow} px wider than the screen`)

    await first.getByRole('button', { name: 'Approve' }).click()
    await mod.page.getByText('1 photo approved.', { exact: true }).waitFor()
    await first.waitFor({ state: 'detached' })
    const reason = 'Your face is not visible on this photo'
    await mod.page.getByLabel('Reason for rejecting (the member sees it)').fill(reason)
    await second.getByRole('button', { name: 'Reject' }).click()
    await second.waitFor({ state: 'detached' })

    // The member sees the approved photo and the reason for the other.
    await member.page.reload()
    await member.page.waitForFunction(() => document.querySelectorAll('[data-testid="own-photo"]').length === 2)
    const approved = manager.locator(`[data-testid="own-photo"][data-photo-id="${keep}"]`)
    const rejected = manager.locator(`[data-testid="own-photo"][data-photo-id="${drop}"]`)
    await rejected.getByTestId('photo-reject-reason').filter({ hasText: `Reason: ${reason}` }).waitFor()
    assert.equal(await approved.getByText('Awaiting approval').count(), 0)
    assert.equal(await approved.getByText('Rejected').count(), 0)

    // Another member sees only the approved photo, on the API and on the profile page.
    const after = (await call(other, 'GET', `/api/member.php?id=${profileId}`)).body.profile
    assert.deepEqual(after.photos.map((p) => p.id), [keep])
    assert.equal(after.photos_hidden, 0)
    await other.goto(`/members/${profileId}`)
    const gallery = other.page.getByTestId('member-gallery')
    await gallery.waitFor()
    assert.equal(await gallery.getAttribute('data-photos'), '1')
  } finally {
    await admin.close()
    await mod.close()
    await member.close()
    await other.close()
  }
})

test('a support agent is refused the money pages', async () => {
  const c = await open(CONSOLE)
  try {
    await c.goto('/admin/')
    await logIn(c.page, 'support@herzklopfen.example', 'demo-password')
    await enrol(c.page)
    // Brands and moderation (to read), no Orders or other money entry.
    assert.deepEqual(await navLinks(c.page), ['Today', 'Members', 'Moderation', 'Flagged', 'Brands'])

    // The Orders page by its address says not allowed, and asks the engine nothing.
    const asked = []
    c.page.on('request', (r) => r.url().includes('/orders') && r.url().includes('/admin/api/') && asked.push(r.url()))
    await c.goto('/admin/orders')
    await c.page.getByRole('heading', { name: 'Not allowed' }).waitFor()
    assert.equal(await c.page.getByRole('alert').textContent(), 'Your role does not give you this page. Ask a superadmin if you need it.')
    assert.deepEqual(asked, [])

    // The engine refuses the money calls anyway.
    for (const path of ['/admin/api/tenants/herzklopfen/orders', '/admin/api/tenants/herzklopfen/members/1/money']) {
      const res = await call(c, 'GET', path)
      assert.deepEqual([res.status, res.body.error], [403, 'console_forbidden'], path)
    }
    const refund = await call(c, 'POST', '/admin/api/tenants/herzklopfen/orders/1/refund', { reason: 'no' })
    assert.deepEqual([refund.status, refund.body.error], [403, 'console_forbidden'])

    // Moderation shows the queue without the moderators' buttons.
    await c.page.getByRole('link', { name: 'Back to Today' }).click()
    await c.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Moderation' }).click()
    const queue = c.page.getByRole('list', { name: 'Photos waiting for approval' }).or(c.page.getByText('No photo is waiting.'))
    await queue.waitFor()
    assert.equal(await c.page.getByRole('button', { name: 'Approve' }).count(), 0)
    assert.equal(await c.page.getByRole('button', { name: 'Ban' }).count(), 0)
  } finally {
    await c.close()
  }
})
