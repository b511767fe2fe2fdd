// House profiles and the chat operators' inbox in a real browser, on
// LustLokaal: an operator makes a house profile in the console (with a
// photo) and the member site shows it with the brand's fictional marker; a
// member writes to it; a chat operator, whose inbox is open already, sees
// the conversation arrive without reloading, answers as the house profile,
// and the member sees the answer arrive live, without reloading either.
// Both staff accounts are fresh ones the demo superadmin makes (the demo
// chat operators' second factor may be set up by another test), used at
// 390 px.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { call, open, png, site, totp } from './lib.mjs'

const CONSOLE = 'admin.localhost'
const HOST = 'localhost' // LustLokaal
// LustLokaal's fictional_singular: the console names the brand's default
// language's (nl), the member site the member's language's (en).
const CONSOLE_MARKER = 'Fictief profiel'
const MARKER = 'Fictional profile'

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

const letters = (n) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')
/** navLinks are the navigation's entries; on a narrow window it opens the menu first. */
const navLinks = async (page) => {
  const menu = page.getByRole('button', { name: 'Menu' })
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) === 'false') await menu.click()
  return page.getByRole('navigation', { name: 'Console' }).getByRole('link').allTextContents()
}
const overflow = (page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

/** staffMember has the demo superadmin make a staff account of LustLokaal, then logs it in and sets up its second factor. */
async function staffMember(admin, s, role) {
  const email = `${role}-${Date.now()}-${letters(4)}@staff.example`
  const made = await call(admin, 'POST', '/admin/api/staff', { email, role, tenant: 'lustlokaal', password: 'house-e2e-password' })
  assert.equal(made.status, 201, JSON.stringify(made.body))
  await s.goto('/admin/')
  await logIn(s.page, email, 'house-e2e-password')
  await enrol(s.page)
}

test('an operator makes a house profile; a chat operator answers a member for it, live on both sides', async () => {
  const admin = await open(CONSOLE)
  const op = await open(CONSOLE, { width: 390 })
  const chat = await open(CONSOLE, { width: 390 })
  const member = await open(HOST, { locale: 'en' })
  try {
    await admin.goto('/admin/')
    await logIn(admin.page, 'admin@rendezvous.example', 'demo-password')
    await admin.page.getByRole('heading', { name: 'Today', level: 1 }).waitFor()

    // The operator makes the house profile in the console, with a photo.
    await staffMember(admin, op, 'operator')
    assert.ok((await navLinks(op.page)).includes('House profiles'))
    await op.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'House profiles' }).click()
    await op.page.getByText(`as “${CONSOLE_MARKER}”`).waitFor()
    await op.page.getByRole('button', { name: 'New house profile' }).click()
    const house = `Zoë${letters(6)}`
    const form = op.page.getByRole('form', { name: 'New house profile' })
    await form.getByLabel('Name', { exact: true }).fill(house)
    await form.getByLabel('Gender').selectOption('female')
    await form.getByLabel('Date of birth').fill('1996-04-12')
    await form.getByLabel('Country').selectOption('NL')
    await form.getByLabel('City').fill('Utrecht')
    await form.getByLabel('About').fill('Altijd in voor een praatje.')
    await form.getByRole('button', { name: 'Create' }).click()
    await op.page.getByRole('heading', { name: `Edit ${house}` }).waitFor()
    await op.page.getByLabel('Add a photo (JPEG, PNG or WebP)').setInputFiles({ name: 'zoe.png', mimeType: 'image/png', buffer: png(300, 300, 21) })
    await op.page.getByRole('img', { name: `Photo 1 of ${house}` }).waitFor()
    assert.ok((await overflow(op.page)) <= 0, 'the house profiles page is wider than 390 px')
    const listed = (await call(op, 'GET', '/admin/api/tenants/lustlokaal/house')).body.house_profiles.find((p) => p.name === house)
    assert.ok(listed, 'the new house profile is listed')
    assert.equal(listed.status, 'active')

    // The member site shows it as a house profile, with its photo.
    await member.page.goto(site(HOST) + '/')
    const who = `Bram${letters(6)}`
    const signup = await member.page.request.post(site(HOST) + '/api/signup.php', {
      data: { orientation_consent: true, email: `house-${Date.now()}-${letters(4)}@example.test`, name: who, date_of_birth: '1990-01-01', password: 'secret-password-1', gender: 'male', seeking: 'female' },
    })
    assert.equal(signup.status(), 201, await signup.text())
    await member.goto(`/members/${listed.id}`)
    await member.page.getByTestId('fictional-marker').filter({ hasText: MARKER }).waitFor()
    await member.page.getByText(house).first().waitFor()
    const gallery = member.page.getByTestId('member-gallery')
    await gallery.waitFor()
    assert.equal(await gallery.getAttribute('data-photos'), '1')

    // The chat operator's inbox is open before the member writes.
    await staffMember(admin, chat, 'chat_operator')
    assert.deepEqual(await navLinks(chat.page), ['Today', 'Inbox', 'Brands'])
    await chat.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Inbox' }).click()
    await chat.page.getByRole('heading', { name: 'Inbox' }).waitFor()
    await chat.page.evaluate(() => {
      window.notReloaded = true
    })

    // The member writes to the house profile and stays on the chat page.
    await member.goto(`/members/${listed.id}/chat`)
    await member.page.getByTestId('chat-composer').waitFor()
    await member.page.evaluate(() => {
      window.notReloaded = true
    })
    const question = `Hoi ${house}, hoe is het?`
    await member.page.getByTestId('chat-input').fill(question)
    await member.page.getByTestId('chat-input').press('Enter')
    await member.page.getByTestId('chat-messages').getByText(question).waitFor()

    // The conversation arrives in the open inbox by itself.
    const waiting = chat.page.getByRole('list', { name: 'Waiting for an answer' }).getByRole('button', { name: new RegExp(`^${who} to ${house},`) })
    await waiting.waitFor({ timeout: 15_000 })
    await waiting.click()
    const thread = chat.page.getByRole('region', { name: `${who} and ${house}` })
    await thread.getByText(question).waitFor()
    const answer = `Goed hoor, ${who}! En met jou?`
    await thread.getByLabel(`Answer as ${house}`).fill(answer)
    await thread.getByRole('button', { name: 'Send' }).click()
    await thread.getByText('Sent.').waitFor()
    assert.ok((await overflow(chat.page)) <= 0, 'the inbox is wider than 390 px')

    // The member sees the answer live, without reloading.
    await member.page.getByTestId('chat-messages').getByText(answer).waitFor({ timeout: 10_000 })
    assert.equal(await member.page.evaluate(() => window.notReloaded), true)

    // The member writes again: the open conversation in the console shows it by itself.
    const again = 'Ook goed. Zin om af te spreken?'
    await member.page.getByTestId('chat-input').fill(again)
    await member.page.getByTestId('chat-input').press('Enter')
    await thread.getByText(again).waitFor({ timeout: 15_000 })
    assert.equal(await chat.page.evaluate(() => window.notReloaded), true)

    // The engine recorded who answered.
    const thr = await call(chat, 'GET', `/admin/api/tenants/lustlokaal/inbox/${(await call(chat, 'GET', '/admin/api/tenants/lustlokaal/inbox')).body.conversations.find((c) => c.house.id === listed.id).conversation.id}`)
    const mine = thr.body.messages.find((m) => m.text === answer)
    assert.ok(mine && /^chat_operator-/.test(thr.body.answered_by[String(mine.id)]), JSON.stringify(thr.body.answered_by))
  } finally {
    await member.close()
    await chat.close()
    await op.close()
    await admin.close()
  }
})
