// Browser tests of the member's profile pages: the photo manager (upload
// progress, the free limit, order and main photo), another member's profile
// as a free and a premium member, blocking and unblocking, and the logged-out
// view.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { open, png } from './lib.mjs'

const PASSWORD = 'demo-password'
const FREE = 'demo@lustlokaal.example'
const PREMIUM = 'premium@lustlokaal.example'

const file = (name, w, h, seed) => ({ name, mimeType: 'image/png', buffer: png(w, h, seed) })

async function login(s, email) {
  // The welcome-bonus modal is another page's subject: keep it out of the way.
  await s.context.addInitScript(() => window.localStorage.setItem('rdv_time_bonus_modal_dismissed_at', String(Date.now())))
  await s.goto('/login')
  const form = s.page.getByTestId('login-form')
  await form.getByLabel('E-mail address').fill(email)
  await form.getByLabel('Password').fill(PASSWORD)
  await form.getByRole('button', { name: 'Log in' }).click()
  await s.page.waitForURL(/\/members$/)
}

/** api calls the engine with the page's session cookie. */
async function api(s, method, path, data) {
  const res = await s.context.request.fetch(new URL(path, s.page.url()).toString(), { method, data, failOnStatusCode: false })
  const text = await res.text()
  return { status: res.status(), body: text ? JSON.parse(text) : null }
}

const me = async (s) => (await api(s, 'GET', '/api/user.php')).body.user

/** findMember is a member of the pool with hidden photos for a free viewer. */
async function findMemberWithHiddenPhotos(s) {
  const { body } = await api(s, 'GET', '/api/members.php?per_page=40')
  for (const p of body.profiles) {
    const r = await api(s, 'GET', `/api/member.php?id=${p.id}`)
    if (r.status === 200 && r.body.profile.photos_hidden > 0 && !r.body.profile.blocked) return r.body.profile
  }
  throw new Error('no demo member with hidden photos')
}

test('a free member uploads photos with progress, meets the free limit and orders the photos', async () => {
  const s = await open('localhost', { locale: 'en' })
  try {
    await login(s, FREE)
    // Start from no photos so the test repeats.
    const { body } = await api(s, 'GET', '/api/photos.php')
    for (const p of body.photos) assert.equal((await api(s, 'DELETE', `/api/photos.php?id=${p.id}`)).status, 200)

    await s.goto('/profile')
    const manager = s.page.getByTestId('photo-manager')
    await manager.getByTestId('photo-empty').waitFor()
    assert.equal(await manager.getByTestId('photo-count').textContent(), '0 of 3 photos')

    // Slow the upload down so the progress bar shows between 0 and 100.
    const cdp = await s.context.newCDPSession(s.page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 96 * 1024 })
    await manager.getByTestId('photo-input').setInputFiles([file('first.png', 240, 240, 1)])
    await s.page.waitForFunction(() => {
      const p = document.querySelector('[data-testid="photo-progress"]')
      return p instanceof HTMLProgressElement && p.value > 0 && p.value < 100
    })
    await manager.getByTestId('own-photo').first().waitFor()
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
    assert.equal(await manager.getByTestId('photo-progress').count(), 0)

    // Three more at once: two fit the free limit of 3, the last is refused.
    await manager.getByTestId('photo-input').setInputFiles([file('second.png', 160, 160, 2), file('third.png', 160, 160, 3), file('fourth.png', 160, 160, 4)])
    await manager.getByTestId('photo-upload-error').filter({ hasText: 'Free members can have up to 3 photos' }).waitFor()
    await s.page.waitForFunction(() => document.querySelectorAll('[data-testid="own-photo"]').length === 3)
    await manager.getByTestId('photo-limit-free').waitFor()
    assert.equal(await manager.getByTestId('photo-limit-free').getByRole('link', { name: 'Get Premium' }).getAttribute('href'), '/premium')
    assert.ok(await manager.getByTestId('photo-add').isDisabled())
    // The profile-photo alert is gone now that there is a main photo.
    assert.equal(await s.page.getByRole('link', { name: 'Add a photo' }).count(), 0)

    const ids = async () => manager.getByTestId('own-photo').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-photo-id'))))
    const before = await ids()
    // Keyboard-accessible move button, then make the last photo the main one.
    await manager.getByRole('button', { name: 'Move photo 2 earlier' }).click()
    const swapped = [before[1], before[0], before[2]]
    await s.page.waitForFunction((want) => [...document.querySelectorAll('[data-testid="own-photo"]')].map((e) => Number(e.getAttribute('data-photo-id'))).join() === want.join(), swapped)
    await manager.getByRole('button', { name: 'Make photo 3 my main photo' }).click()
    await s.page.waitForFunction((id) => document.querySelector('[data-testid="own-photo"]')?.getAttribute('data-photo-id') === String(id), before[2])
    await s.page.waitForFunction(() => document.querySelector('[data-testid="photo-manager"]')?.getAttribute('aria-busy') === 'false')
    const saved = (await api(s, 'GET', '/api/photos.php')).body.photos.map((p) => p.id)
    assert.equal(saved[0], before[2])
    assert.deepEqual(await ids(), saved)

    // Drag the main photo to the end.
    const tiles = manager.getByTestId('own-photo')
    await tiles.nth(0).dragTo(tiles.nth(2))
    await s.page.waitForFunction((id) => document.querySelectorAll('[data-testid="own-photo"]')[2]?.getAttribute('data-photo-id') === String(id), saved[0])
    await s.page.waitForFunction(() => document.querySelector('[data-testid="photo-manager"]')?.getAttribute('aria-busy') === 'false')
    assert.equal((await api(s, 'GET', '/api/photos.php')).body.photos[2].id, saved[0])

    // Deleting one makes room again.
    await manager.getByRole('button', { name: 'Delete photo 3' }).click()
    await s.page.getByTestId('photo-delete-modal').getByRole('button', { name: 'Delete photo' }).click()
    await s.page.waitForFunction(() => document.querySelectorAll('[data-testid="own-photo"]').length === 2)
    await manager.getByTestId('photo-limit-free').waitFor({ state: 'detached' })
    assert.ok(await manager.getByTestId('photo-add').isEnabled())
  } finally {
    await s.close()
  }
})

test('another member shows the premium lock to a free member and every photo to a premium one', async () => {
  const free = await open('localhost', { locale: 'en' })
  const premium = await open('localhost', { locale: 'en' })
  try {
    await login(free, FREE)
    const other = await findMemberWithHiddenPhotos(free)
    await free.goto(`/members/${other.id}`)
    const gallery = free.page.getByTestId('member-gallery')
    await gallery.waitFor()
    assert.equal(await gallery.getAttribute('data-photos'), '1')
    const lock = free.page.getByTestId('member-photo-lock')
    await lock.getByText(`${other.photos_hidden} more photo`).waitFor()
    assert.equal(await lock.getByRole('link', { name: 'Get Premium to see all photos' }).getAttribute('href'), '/premium')
    if (other.is_house) await free.page.getByTestId('fictional-marker').waitFor()
    assert.equal(await free.page.getByTestId('member-chat').getAttribute('href'), `/members/${other.id}/chat`)

    // The gift picker opens with the catalogue; each gift leads into the chat.
    await free.page.getByTestId('member-gift').click()
    const picker = free.page.getByTestId('gift-picker')
    await picker.getByTestId('gift-option').first().waitFor()
    assert.match(await picker.getByTestId('gift-option').first().getAttribute('href'), new RegExp(`^/members/${other.id}/chat\\?gift=`))
    await free.page.keyboard.press('Escape')
    await picker.waitFor({ state: 'detached' })

    await login(premium, PREMIUM)
    await premium.goto(`/members/${other.id}`)
    const all = premium.page.getByTestId('member-gallery')
    await all.waitFor()
    assert.equal(Number(await all.getAttribute('data-photos')), 1 + other.photos_hidden)
    assert.equal(await premium.page.getByTestId('member-photo-lock').count(), 0)
    assert.equal(await premium.page.getByTestId('member-photo').count(), 1 + other.photos_hidden)
  } finally {
    await free.close()
    await premium.close()
  }
})

test('a member blocks and unblocks another; the blocked one sees the blocked text', async () => {
  const a = await open('localhost', { locale: 'en' })
  const b = await open('localhost', { locale: 'en' })
  let blocker, target
  try {
    await login(a, FREE)
    await login(b, PREMIUM)
    target = (await me(a)).profile
    blocker = (await me(b)).profile
    await api(b, 'DELETE', `/api/block.php?profile_id=${target.id}`)

    await b.goto(`/members/${target.id}`)
    await b.page.getByTestId('member-block').click()
    const modal = b.page.getByTestId('block-modal')
    await modal.getByRole('button', { name: 'Block' }).click()
    await b.page.getByTestId('member-blocked-by-me').waitFor()
    assert.equal(await b.page.getByTestId('member-like').count(), 0)

    await a.goto(`/members/${blocker.id}`)
    const text = await a.page.getByTestId('member-blocked').textContent()
    assert.equal(text, `You're blocked by ${blocker.name}. You do not have access to this page.`)

    // The block survives a reload; unblocking gives the blocked member access again.
    await b.page.reload()
    await b.page.getByTestId('member-unblock').click()
    await b.page.getByTestId('member-like').waitFor()
    await a.page.reload()
    await a.page.getByTestId('member-gallery').waitFor()
    assert.equal(await a.page.getByTestId('member-blocked').count(), 0)
  } finally {
    if (target) await api(b, 'DELETE', `/api/block.php?profile_id=${target.id}`).catch(() => {})
    await a.close()
    await b.close()
  }
})

test('logged-out visitors see the profile with a login prompt, or the login form where the site requires it', async () => {
  const member = await open('localhost', { locale: 'en' })
  const visitor = await open('localhost', { locale: 'en' })
  const de = await open('de.localhost', { locale: 'en' })
  try {
    await login(member, FREE)
    const other = await findMemberWithHiddenPhotos(member)
    await visitor.goto(`/members/${other.id}`)
    await visitor.page.getByTestId('member-visitor').waitFor()
    await visitor.page.getByTestId('member-login-cta').waitFor()

    await de.goto(`/members/${other.id}`)
    await de.page.getByTestId('login-required').waitFor()
  } finally {
    await member.close()
    await visitor.close()
    await de.close()
  }
})

test('a new member changes the country on /profile at 390 px: no crash, the other edits kept and saved', async () => {
  const s = await open('localhost', { locale: 'en', width: 390 })
  try {
    await s.context.addInitScript(() => window.localStorage.setItem('rdv_time_bonus_modal_dismissed_at', String(Date.now())))
    await s.goto('/pages/faq')
    const email = `country-${Date.now()}-${process.pid}@example.test`
    const made = await api(s, 'POST', '/api/signup.php', { orientation_consent: true, email, name: 'Landwissel', date_of_birth: '1990-01-01', password: 'country-password', gender: 'male', seeking: 'female' })
    assert.equal(made.status, 201, JSON.stringify(made.body))
    const errors = []
    s.page.on('pageerror', (e) => errors.push(e.message))

    await s.goto('/profile')
    await s.page.getByTestId('profile-edit').click()
    const form = s.page.getByTestId('profile-form')
    await form.getByLabel('City').fill('Antwerpen')
    const country = form.getByLabel('Country', { exact: true })
    await country.selectOption('BE')
    await country.selectOption('NL')
    await country.selectOption('BE')
    assert.deepEqual(errors, [])
    assert.equal(await country.inputValue(), 'BE')
    assert.equal(await form.getByLabel('City').inputValue(), 'Antwerpen')
    await form.getByTestId('profile-save').click()
    await s.page.getByTestId('profile-details').waitFor()
    assert.equal(await s.page.getByTestId('profile-value-country').textContent(), 'Belgium')
    assert.equal(await s.page.getByTestId('profile-value-city').textContent(), 'Antwerpen')
    const saved = (await api(s, 'GET', '/api/profile.php')).body.profile
    assert.equal(saved.country, 'BE')
    assert.equal(saved.city, 'Antwerpen')
  } finally {
    await s.close()
  }
})
