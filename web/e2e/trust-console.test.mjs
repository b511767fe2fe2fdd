// Trust and safety in the console at desktop size (1366x900): a photo a
// second account uploads on another brand is flagged with both photos side
// by side, and a member who sends the same link to ten members within two
// minutes is flagged with exactly those messages. The checks run as
// background jobs: the spec polls the engine's answer before it looks.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { call, open, png } from './lib.mjs'

const CONSOLE = 'admin.localhost'
const DESKTOP = { width: 1366, height: 900 }

/** upload sends photo from the page of session s (the browser resolves *.localhost, Node does not). */
async function upload(s, photo) {
  const status = await s.page.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))
    const form = new FormData()
    form.append('photo', new Blob([bytes], { type: 'image/png' }), 'me.png')
    const res = await fetch('/api/photos.php', { method: 'POST', body: form, headers: { 'X-Request-Type': 'client' } })
    return res.status
  }, photo.toString('base64'))
  assert.equal(status, 201)
}

/** signup makes a member on the brand of session s, from its page, and answers the member. */
async function signup(s, name) {
  await s.goto('/')
  const email = `trust-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`
  const res = await call(s, 'POST', '/api/signup.php', {
    orientation_consent: true,
    email,
    name,
    date_of_birth: '1990-01-01',
    password: 'secret-password-1',
    gender: 'male',
    seeking: 'female',
  })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body.user
}

/** consoleLogin opens the console as the demo superadmin. */
async function consoleLogin() {
  const admin = await open(CONSOLE, DESKTOP)
  await admin.goto('/admin/')
  await admin.page.getByLabel('E-mail address').fill('admin@rendezvous.example')
  await admin.page.getByLabel('Password').fill('demo-password')
  await admin.page.getByRole('button', { name: 'Log in' }).click()
  await admin.page.getByRole('heading', { name: 'Today', level: 1 }).waitFor()
  return admin
}

/** flagOf waits (20 s at most) until member is in the brand's flagged queue and answers the flag. */
async function flagOf(admin, tenant, member) {
  for (const end = Date.now() + 20_000; Date.now() < end; ) {
    const res = await call(admin, 'GET', `/admin/api/tenants/${tenant}/flags`)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    const flag = res.body.flags.find((f) => f.member_id === member)
    if (flag) return flag
    await new Promise((r) => setTimeout(r, 200))
  }
  assert.fail(`member ${member} was not flagged on ${tenant}`)
}

/** openEvidence shows the flagged queue of tenant and opens the evidence on name. */
async function openEvidence(admin, brandName, name) {
  const { page } = admin
  await admin.goto('/admin/flagged')
  await page.getByRole('heading', { name: 'Flagged members' }).waitFor()
  await page.getByLabel('Brand', { exact: true }).selectOption({ label: brandName })
  const button = page.getByRole('button', { name: `Show the evidence on ${name}`, exact: true })
  await button.waitFor()
  const [res] = await Promise.all([
    page.waitForResponse((r) => /\/admin\/api\/tenants\/[^/]+\/flags\/\d+$/.test(new URL(r.url()).pathname)),
    button.click(),
  ])
  assert.equal(res.status(), 200)
  await page.getByRole('heading', { name: `Evidence on ${name}`, exact: true }).waitFor()
}

test('a photo a second account uploads on another brand is flagged with both photos side by side', async () => {
  const first = await open('localhost')
  const second = await open('herzklopfen.localhost')
  const admin = await consoleLogin()
  try {
    const photo = png(480, 640, 3434)
    await signup(first, 'Anna Original')
    await upload(first, photo)
    const copy = await signup(second, 'Anna Copy')
    await upload(second, photo)

    const flag = await flagOf(admin, 'herzklopfen', copy.id)
    assert.deepEqual(flag.signals, ['photo_match'])
    await openEvidence(admin, 'Herzklopfen', 'Anna Copy')
    const { page } = admin
    const mine = page.getByRole('img', { name: 'Photo of Anna Copy on herzklopfen', exact: true })
    const theirs = page.getByRole('img', { name: 'Photo of Anna Original on lustlokaal', exact: true })
    for (const img of [mine, theirs]) {
      await img.waitFor()
      await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await img.elementHandle())
    }
    // Side by side: one row, the two photos apart, both on screen and of a size to compare.
    const a = await mine.boundingBox()
    const b = await theirs.boundingBox()
    assert.ok(Math.abs(a.y - b.y) < 2, `photos on one row: ${a.y} and ${b.y}`)
    assert.ok(a.x + a.width <= b.x, `photos apart: ${JSON.stringify(a)} ${JSON.stringify(b)}`)
    assert.ok(a.width >= 200 && b.width >= 200, `photos ${a.width} and ${b.width} px wide`)
    assert.ok(b.x + b.width <= DESKTOP.width, 'the other photo is within the window')
    await page.getByText('Anna Original (lustlokaal)').waitFor()

    // The view is in the audit log.
    const audit = await call(admin, 'GET', '/admin/api/audit?action=flag.view')
    assert.ok(audit.body.entries.some((e) => e.after?.flag === flag.id), JSON.stringify(audit.body).slice(0, 400))
    assert.deepEqual(admin.problems, [])
  } finally {
    await first.context.close()
    await second.context.close()
    await admin.context.close()
  }
})

test('a member who sends the same link to ten members in two minutes is flagged with those messages', async () => {
  const s = await open('sparkusa.localhost')
  const admin = await consoleLogin()
  try {
    await s.goto('/')
    const login = await call(s, 'POST', '/api/user.php', { email: 'premium@sparkusa.example', password: 'demo-password' })
    assert.equal(login.status, 200, JSON.stringify(login.body))
    const sender = login.body.user
    const found = await call(s, 'GET', '/api/members.php?per_page=20')
    const to = found.body.profiles.filter((p) => p.id !== sender.id).slice(0, 10)
    assert.equal(to.length, 10, 'ten members to write to')
    const text = 'Chat with me here: https://meet-me-now.example/anna'
    const sent = []
    for (const p of to) {
      const res = await call(s, 'POST', '/api/messages.php', { profile_id: p.id, text, client_id: `trust-${p.id}-${Date.now()}` })
      assert.equal(res.status, 201, JSON.stringify(res.body))
      sent.push(res.body.message.id)
    }

    const flag = await flagOf(admin, 'sparkusa', sender.id)
    assert.ok(flag.signals.includes('repeat') && flag.signals.includes('link'), flag.signals.join(','))
    assert.ok(flag.name, 'the flagged member has a name')
    await openEvidence(admin, 'Spark', flag.name)
    const { page } = admin
    await page.getByRole('heading', { name: '10 flagged messages', exact: true }).waitFor()
    const list = page.getByRole('region', { name: `Evidence on ${flag.name}` }).getByRole('list').last()
    const items = await list.getByRole('listitem').allTextContents()
    assert.equal(items.length, 10, items.join(' | '))
    for (const item of items) assert.ok(item.endsWith(text), item)
    for (const p of to) await list.getByText(new RegExp(`^To ${p.name},`)).first().waitFor()

    // Dismissed, the flag leaves the queue.
    const decided = page.waitForResponse((r) => r.url().endsWith(`/flags/${flag.id}/decision`) && r.request().method() === 'POST')
    await page.getByRole('button', { name: 'Dismiss', exact: true }).click()
    assert.equal((await decided).status(), 200)
    await page.getByText(`Flag on ${flag.name} dismissed.`).waitFor()
    await page.getByRole('button', { name: `Show the evidence on ${flag.name}`, exact: true }).waitFor({ state: 'detached' })
    assert.deepEqual(admin.problems, [])
  } finally {
    await s.context.close()
    await admin.context.close()
  }
})
