// Moderation in a real browser. On desktop (1366x900) a moderator works
// Herzklopfen's photo queue (the brand pre-moderates photos) with the keys
// the page names on screen: three fresh photos leave the queue by three
// presses of A. At 390x844 a LustLokaal member reports a message from the
// chat through the menu on the message, and the complaint in the console
// shows that message.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { call, confirmEmail, open, png, queueCard } from './lib.mjs'

const CONSOLE = 'admin.localhost'
const DESKTOP = { width: 1366, height: 900 }

const letters = (n) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')

/** signUp makes a member on the session's site from its page (the browser resolves *.localhost) and answers it. */
async function signUp(s, name, gender = 'male', seeking = 'female') {
  const email = `mod-${Date.now()}-${letters(6)}@example.test`
  const res = await call(s, 'POST', '/api/signup.php', { orientation_consent: true, email, name, date_of_birth: '1990-01-01', password: 'secret-password-1', gender, seeking })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return { ...res.body.user, name, email }
}

/** upload sends a photo of the member from the session's page and answers it. */
async function upload(s, seed) {
  const b64 = png(120, 120, seed).toString('base64')
  const res = await s.page.evaluate(async (data) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0))
    const form = new FormData()
    form.append('photo', new Blob([bytes], { type: 'image/png' }), 'me.png')
    const r = await fetch('/api/photos.php', { method: 'POST', headers: { 'X-Request-Type': 'client' }, body: form })
    return { status: r.status, body: await r.json() }
  }, b64)
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body.photo
}

async function consoleLogin(s) {
  await s.goto('/admin/')
  await s.page.getByLabel('E-mail address').fill('admin@rendezvous.example')
  await s.page.getByLabel('Password').fill('demo-password')
  await s.page.getByRole('button', { name: 'Log in' }).click()
  await s.page.getByRole('heading', { name: 'Today', level: 1 }).waitFor()
}

test('a moderator approves three photos with the keyboard on desktop', async () => {
  const member = await open('herzklopfen.localhost', { locale: 'en' })
  const admin = await open(CONSOLE, DESKTOP)
  try {
    await member.goto('/')
    const who = await signUp(member, `Keys${letters(4)}`)
    const photos = [await upload(member, 11), await upload(member, 12), await upload(member, 13)]
    for (const p of photos) assert.equal(p.status, 'pending', 'Herzklopfen pre-moderates photos')

    await consoleLogin(admin)
    const { page } = admin
    await admin.goto('/admin/moderation')
    await page.getByLabel('Brand').selectOption('herzklopfen')
    const queue = page.getByRole('list', { name: 'Photos waiting for approval' })
    const cards = photos.map((p) => queue.getByRole('listitem', { name: `Photo ${p.id} of ${who.name}`, exact: true }))
    for (const c of cards) await queueCard(page, c)
    // The card names the member, their age and brand, beside their other photos.
    const first = cards[0]
    assert.match(await first.textContent(), new RegExp(`${who.name}, \\d+`))
    assert.match(await first.textContent(), /Herzklopfen/)
    assert.equal(await first.getByRole('list', { name: `Other photos of ${who.name}` }).getByRole('img').count(), 2)

    // The keys are named on screen, inside the viewport.
    const hint = page.locator('#photo-keys')
    assert.equal((await hint.textContent()).trim(), 'Keys: A approve · R reject · J next · K previous · X select')
    const box = await hint.boundingBox()
    assert.ok(box && box.width > 0 && box.x >= 0 && box.x + box.width <= DESKTOP.width, `the key hint is on screen: ${JSON.stringify(box)}`)

    // A on the first card approves it; focus moves to the next, so A twice more approves the other two.
    await first.focus()
    for (const p of photos) {
      // The focus is on the card A decides on.
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), `Photo ${p.id} of ${who.name}`)
      const approved = page.waitForResponse((r) => r.url().endsWith(`/moderation/photos/${p.id}/approve`) && r.request().method() === 'POST')
      await page.keyboard.press('a')
      assert.equal((await approved).status(), 200)
      await queue.getByRole('listitem', { name: `Photo ${p.id} of ${who.name}`, exact: true }).waitFor({ state: 'detached' })
    }
    for (const c of cards) assert.equal(await c.count(), 0, 'an approved card left the queue')
    await page.getByText('1 photo approved.').waitFor()
    assert.ok(await hint.isVisible(), 'the key hint stays on screen')
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/cards.png` })

    // The engine agrees: the member's photos are visible now.
    const own = await call(member, 'GET', '/api/photos.php')
    assert.deepEqual(own.body.photos.map((p) => p.status), ['active', 'active', 'active'])
  } finally {
    await member.close()
    await admin.close()
  }
})

test('a member reports a message from the chat at 390x844 and the console shows it', async () => {
  const reporter = await open('localhost', { locale: 'en', width: 390, height: 844 })
  const sender = await open('localhost', { locale: 'en', width: 390, height: 844 })
  const admin = await open(CONSOLE, DESKTOP)
  try {
    await reporter.goto('/')
    await sender.goto('/')
    const rita = await signUp(reporter, `Rita${letters(4)}`, 'female', 'male')
    const sam = await signUp(sender, `Sam${letters(4)}`, 'male', 'female')
    await confirmEmail(reporter, rita.email)
    await confirmEmail(sender, sam.email)
    const text = `Send me a gift card of 200 euro ${letters(5)}`
    const sent = await call(sender, 'POST', '/api/messages.php', { profile_id: rita.id, text, client_id: `e2e-${letters(8)}` })
    assert.equal(sent.status, 201, JSON.stringify(sent.body))
    const conv = sent.body.message.conversation_id

    const { page } = reporter
    await reporter.goto(`/chats/${conv}`)
    const bubble = page.getByTestId('chat-message').filter({ hasText: text })
    await bubble.waitFor()
    const menu = bubble.getByRole('button', { name: /^More for the message of / })
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/chat-menu.png` })
    const menuBox = await menu.boundingBox()
    assert.ok(menuBox && menuBox.width >= 24 && menuBox.x + menuBox.width <= 390, `the message's menu fits the phone: ${JSON.stringify(menuBox)}`)
    await menu.click()
    await page.getByRole('menuitem', { name: 'Report this message' }).click()
    const dialog = page.getByRole('dialog', { name: `Report a message from ${sam.name}` })
    await dialog.waitFor()
    assert.ok((await dialog.textContent()).includes(text), 'the dialog quotes the message')
    await dialog.getByLabel('What is wrong with this message?').fill('Asks me for money.')
    const filed = page.waitForResponse((r) => r.url().endsWith('/api/complaints.php') && r.request().method() === 'POST')
    await dialog.getByRole('button', { name: 'Send report' }).click()
    assert.equal((await filed).status(), 201)
    await dialog.getByText('Thank you. Our team will look at this message.').waitFor()
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/report-sent.png` })
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    assert.ok(overflow <= 0, `nothing overflows 390 px (${overflow})`)

    await consoleLogin(admin)
    await admin.goto('/admin/moderation')
    await admin.page.getByLabel('Brand').selectOption('lustlokaal')
    const card = admin.page.getByRole('region', { name: `${rita.name} about ${sam.name}` })
    await card.waitFor()
    await card.getByText(text, { exact: true }).waitFor()
    await card.getByText('Asks me for money.').waitFor()
    if (process.env.SHOTS) await admin.page.screenshot({ path: `${process.env.SHOTS}/complaint.png` })
    const quote = await card.getByText(text, { exact: true }).boundingBox()
    assert.ok(quote && quote.width > 0 && quote.height > 0, 'the reported message is on screen in the console')
  } finally {
    await reporter.close()
    await sender.close()
    await admin.close()
  }
})
