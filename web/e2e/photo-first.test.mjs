// Photo-first profiles and cards: the profile's photo carousel at phone
// width, online / last active on cards, and in chat the read receipts and the
// typing indicator between two members in two browser contexts over the live
// stream. (The match moment is in discovery.test.mjs.)
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { open, site } from './lib.mjs'

const HOST = 'localhost'
const PREMIUM = 'premium@lustlokaal.example'
const PASSWORD = 'demo-password'

/** api calls the engine with the context's session cookie. */
async function api(s, method, path, data) {
  const res = await s.context.request.fetch(site(HOST) + path, { method, data, failOnStatusCode: false, headers: { 'X-Request-Type': 'client' } })
  const text = await res.text()
  return { status: res.status(), body: text ? JSON.parse(text) : null }
}

async function login(s, email) {
  // the welcome-bonus modal is another page's subject
  await s.context.addInitScript(() => window.localStorage.setItem('rdv_time_bonus_modal_dismissed_at', String(Date.now())))
  const res = await api(s, 'POST', '/api/user.php', { email, password: PASSWORD })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.user
}

async function signup(s, name) {
  await s.context.addInitScript(() => window.localStorage.setItem('rdv_time_bonus_modal_dismissed_at', String(Date.now())))
  const email = `photo-first-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`
  const res = await api(s, 'POST', '/api/signup.php', { orientation_consent: true, email, name, date_of_birth: '1990-01-01', password: 'secret-password-1', gender: 'male', seeking: 'female' })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body.user
}

const noSideways = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

test('a premium member swipes, steps and keys through all photos of a profile at 390 px', async () => {
  const s = await open(HOST, { locale: 'en', width: 390 })
  try {
    await login(s, PREMIUM)
    const { body } = await api(s, 'GET', '/api/members.php?per_page=40')
    let other = null
    for (const p of body.profiles) {
      const r = await api(s, 'GET', `/api/member.php?id=${p.id}`)
      if (r.status === 200 && r.body.profile.photos.length >= 3 && !r.body.profile.blocked) {
        other = r.body.profile
        break
      }
    }
    assert.ok(other, 'a demo member with three photos or more')
    const total = other.photos.length

    await s.goto(`/members/${other.id}`)
    const carousel = s.page.getByRole('region', { name: `Photos of ${other.name}` })
    await carousel.waitFor()
    assert.equal(await carousel.getAttribute('aria-roledescription'), 'carousel')
    assert.equal(await s.page.getByTestId('carousel-slide').count(), total)
    const position = s.page.getByTestId('carousel-position')
    await position.getByText(`Photo 1 of ${total}`).waitFor()
    assert.equal(await s.page.getByAltText(`Photo 2 of ${other.name}`).count(), 1)

    // The button, then the keyboard.
    await s.page.getByRole('button', { name: 'Next photo' }).click()
    await position.getByText(`Photo 2 of ${total}`).waitFor()
    await carousel.focus()
    await s.page.keyboard.press('ArrowRight')
    await position.getByText(`Photo 3 of ${total}`).waitFor()
    await s.page.keyboard.press('Home')
    await position.getByText(`Photo 1 of ${total}`).waitFor()
    await s.page.waitForFunction(() => document.querySelector('[data-testid="carousel-track"]').scrollLeft === 0)

    // A swipe: a finger drags the track left and lets go; scroll snapping settles on the next photo.
    const track = s.page.getByTestId('carousel-track')
    const box = await track.boundingBox()
    const cdp = await s.context.newCDPSession(s.page)
    const y = Math.round(box.y + box.height / 2)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: Math.round(box.x + box.width * 0.8), y }] })
    for (let i = 1; i <= 8; i++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: Math.round(box.x + box.width * (0.8 - i * 0.08)), y }] })
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    await position.getByText(`Photo 2 of ${total}`).waitFor()
    assert.ok(await noSideways(s.page), 'the carousel makes the page no wider than the phone')
  } finally {
    await s.close()
  }
})

test('cards and the profile say who is online or when they were last active', async () => {
  const s = await open(HOST, { locale: 'nl' })
  try {
    await login(s, PREMIUM)
    const { body } = await api(s, 'GET', '/api/members.php?per_page=40')
    const shown = body.profiles.find((p) => p.last_active_at && !p.fictional)
    assert.ok(shown, 'a demo member whose activity shows')
    const house = body.profiles.find((p) => p.fictional)
    if (house) assert.equal(house.last_active_at, null, 'a house profile shows no activity')

    await s.goto('/members')
    const card = s.page.locator(`[data-testid="profile-card"][data-id="${shown.id}"]`)
    const label = card.getByTestId('activity')
    await label.waitFor()
    // Dutch, from the catalogue: "Nu online" or "... geleden actief"
    assert.match(await label.textContent(), shown.online ? /^Nu online$/ : /geleden actief$/)
    if (house) assert.equal(await s.page.locator(`[data-testid="profile-card"][data-id="${house.id}"] [data-testid="activity"]`).count(), 0)

    await s.goto(`/members/${shown.id}`)
    await s.page.getByTestId('member-page').getByTestId('activity').waitFor()
  } finally {
    await s.close()
  }
})

test('two members: the writer sees Read live, and each sees the other typing', async () => {
  const a = await open(HOST, { locale: 'en' })
  const b = await open(HOST, { locale: 'en' })
  try {
    const premium = await login(a, PREMIUM)
    const fresh = await signup(b, 'Receipttester')

    // B writes to A and stays in the conversation.
    await b.goto(`/members/${premium.profile.id}/chat`)
    await b.page.getByTestId('chat-composer').waitFor()
    const text = `Read me ${Date.now()}`
    await b.page.getByTestId('chat-input').fill(text)
    await b.page.getByTestId('chat-input').press('Enter')
    const mine = b.page.getByTestId('chat-message').filter({ hasText: text })
    await mine.waitFor()
    assert.equal(await mine.getByTestId('chat-read').count(), 0, 'not read before A opens it')

    // A opens it: B's message turns Read without a reload.
    const chats = (await api(a, 'GET', '/api/chats.php')).body
    const conversation = chats.find((c) => c.profile.id === fresh.profile.id).conversation.id
    await a.goto(`/chats/${conversation}`)
    await a.page.getByTestId('chat-messages').getByText(text).waitFor()
    await mine.getByTestId('chat-read').getByText('Read').waitFor({ timeout: 10_000 })

    // A types: B sees it (and A does not see itself typing); A's message ends it.
    await a.page.getByTestId('chat-input').pressSequentially('Hello the', { delay: 30 })
    const typing = b.page.getByTestId('chat-typing')
    await typing.getByText(`${premium.profile.name} is typing…`).waitFor({ timeout: 10_000 })
    assert.equal(await a.page.getByTestId('chat-typing').count(), 0)
    await a.page.getByTestId('chat-input').pressSequentially('re', { delay: 30 })
    await a.page.getByTestId('chat-input').press('Enter')
    await b.page.getByTestId('chat-messages').getByText('Hello there').waitFor({ timeout: 10_000 })
    await typing.waitFor({ state: 'detached' })

    // B types back: A sees it.
    await b.page.getByTestId('chat-input').pressSequentially('Hi', { delay: 30 })
    await a.page.getByTestId('chat-typing').getByText('Receipttester is typing…').waitFor({ timeout: 10_000 })
  } finally {
    await a.close()
    await b.close()
  }
})
