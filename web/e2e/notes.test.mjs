// Private notes on profiles (visible_profile_notes): a member writes a note
// on a profile, sees it again after a reload and beside the chat; another
// member does not see it; a tenant with the setting off shows none.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { aHouseProfile, call, open, signupMember, site } from './lib.mjs'

const HOST = 'localhost' // LustLokaal: visible_profile_notes true
const OFF = 'de.localhost' // Herzklopfen: visible_profile_notes false

test('a note on a profile is kept for its writer only, on the profile and in the chat', async () => {
  const a = await open(HOST, { locale: 'en' })
  const b = await open(HOST, { locale: 'en' })
  try {
    await a.page.goto(site(HOST) + '/')
    await signupMember(a, { name: 'Notetaker', prefix: 'notes' })
    const her = await aHouseProfile(a)

    // The search names its fictional (house) profiles together: the tenant's
    // icon and fictional_plural, explained by fictional_warning.
    await a.goto('/members')
    await a.page.getByTestId('profile-card').first().waitFor()
    const tags = await a.page.getByTestId('fictional-tag').count()
    assert.ok(tags > 0, 'the demo pool shows house profiles on the first page')
    const legend = a.page.getByTestId('fictional-legend')
    await legend.waitFor()
    assert.equal(await legend.locator('strong').textContent(), 'Fictional profiles')
    assert.equal(await legend.locator('strong svg').count(), 1)
    assert.match(await legend.textContent(), /fictional/)

    const text = `Talked about sailing to Texel ${Date.now()}`

    await a.goto(`/members/${her.id}`)
    const box = a.page.getByTestId('profile-note')
    await box.waitFor()
    assert.equal(await box.getByTestId('profile-note-hint').textContent(), 'Only you can see this note.')
    await box.getByTestId('profile-note-text').fill(text)
    const saved = a.page.waitForResponse((r) => r.url().includes('/api/note.php') && r.request().method() === 'PUT')
    await box.getByTestId('profile-note-save').click()
    assert.equal((await saved).status(), 200)
    await box.getByTestId('profile-note-saved').waitFor()

    // After a reload the note is there again.
    await a.page.reload({ waitUntil: 'domcontentloaded' })
    await a.page.getByTestId('profile-note-text').waitFor()
    assert.equal(await a.page.getByTestId('profile-note-text').inputValue(), text)

    // Beside the conversation with her, folded under "Your note on ...".
    await a.goto(`/members/${her.id}/chat`)
    const drawer = a.page.getByTestId('chat-note')
    await drawer.locator('summary').click()
    const inChat = drawer.getByTestId('profile-note-text')
    await inChat.waitFor()
    await a.page.waitForFunction((want) => document.querySelector('[data-testid="chat-note"] textarea')?.value === want, text)

    // Another member sees no note on the same profile, on the page or in the API.
    await b.page.goto(site(HOST) + '/')
    await signupMember(b, { name: 'Othertaker', prefix: 'notes' })
    const view = b.page.waitForResponse((r) => r.url().includes(`/api/member.php?id=${her.id}`))
    await b.goto(`/members/${her.id}`)
    const answer = await (await view).json()
    assert.equal(answer.profile.note, undefined, 'member.php gives another member no note')
    await b.page.getByTestId('profile-note').waitFor()
    assert.equal(await b.page.getByTestId('profile-note-text').inputValue(), '')
    assert.ok(!(await b.page.content()).includes(text), 'the note is nowhere on the other member\'s page')
  } finally {
    await a.close()
    await b.close()
  }
})

test('a tenant with visible_profile_notes off shows and keeps no notes', async () => {
  const s = await open(OFF, { locale: 'en' })
  try {
    await s.goto('/pages/faq')
    const email = `notes-${Date.now()}-${process.pid}@example.test`
    const signup = await call(s, 'POST', '/api/signup.php', { orientation_consent: true, email, name: 'Notizen', date_of_birth: '1990-01-01', password: 'secret-password-1', gender: 'male', seeking: 'female' })
    assert.equal(signup.status, 201, JSON.stringify(signup.body))
    const found = await call(s, 'GET', '/api/members.php?per_page=10')
    assert.equal(found.status, 200)
    const her = found.body.profiles[0]
    assert.ok(her, 'the demo pool has profiles')
    await s.goto(`/members/${her.id}`)
    await s.page.getByTestId('member-page').waitFor()
    await s.page.locator('h1', { hasText: her.name }).waitFor()
    assert.equal(await s.page.getByTestId('profile-note').count(), 0)

    await s.goto(`/members/${her.id}/chat`)
    await s.page.getByTestId('chat-conversation').waitFor()
    assert.equal(await s.page.getByTestId('chat-note').count(), 0)

    const res = await call(s, 'PUT', '/api/note.php', { profile_id: her.id, text: 'hello' })
    assert.equal(res.status, 403)
    assert.equal(res.body.error, 'notes_disabled')
    const view = await call(s, 'GET', `/api/member.php?id=${her.id}`)
    assert.equal(view.status, 200)
    assert.equal(view.body.profile.note, undefined)
  } finally {
    await s.close()
  }
})
