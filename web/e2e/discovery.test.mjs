// Discovery in the browser: search with filters and pages, likes until a
// match, the new-like popup from an auto-like, and the swipe game to
// its daily limit. Each test signs up fresh members through the API, so the
// daily limits and likes start empty and the demo logins stay untouched.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { call, confirmEmail, open } from './lib.mjs'

const HOST = 'us.localhost'

let seq = 0
/** signup makes a new member in the context, so its pages are logged in. */
async function signup(s, { name, gender = 'male', seeking = 'female' }) {
  await s.goto('/pages/faq')
  const email = `disc-${Date.now()}-${process.pid}-${seq++}@example.test`
  const res = await call(s, 'POST', '/api/signup.php?ref=e2e-discovery', { orientation_consent: true, email, name, date_of_birth: '1990-01-01', password: 'discovery-password', gender, seeking })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return { ...res.body.user, email }
}

/**
 * dismissEmailBanner closes a new member's e-mail confirmation banner, which
 * comes first in the interruption queue: the like cards wait behind it.
 */
async function dismissEmailBanner(s) {
  const banner = s.page.getByTestId('activation-alert')
  await banner.getByRole('button', { name: 'Dismiss', exact: true }).click()
  await banner.waitFor({ state: 'detached' })
}

/**
 * gotoMembers opens the search; the auto-like of the first visit may bring
 * the new-like popup (for a member who has not confirmed the address, once
 * the e-mail banner is dismissed), which is closed with Escape. It returns
 * the liker's id.
 */
async function gotoMembers(s, path = '/members', { confirmed = false } = {}) {
  const autoLike = s.page.waitForResponse((r) => r.url().includes('/api/auto-like.php'))
  await s.goto(path)
  if (!confirmed) await dismissEmailBanner(s)
  const res = await autoLike
  if (res.status() !== 200) return null
  const liker = (await res.json()).id
  const popup = s.page.locator(`[data-testid="new-like-popup"][data-id="${liker}"]`)
  await popup.waitFor()
  return liker
}

const cardIds = (page, scope = page) =>
  scope.getByTestId('profile-card').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-id'))))

test('search: filters of the tenant, pages and similar members', async () => {
  const s = await open(HOST)
  try {
    await signup(s, { name: 'Searcher' })
    const liker = await gotoMembers(s)
    if (liker) {
      await s.page.keyboard.press('Escape')
      await s.page.getByTestId('new-like-popup').waitFor({ state: 'detached' })
    }
    const form = s.page.getByTestId('search-form')
    const total = s.page.getByTestId('search-total')
    await s.page.getByTestId('profile-card').first().waitFor()
    // The engine's default: the gender the member seeks.
    assert.equal(await form.getByLabel('Looking for').inputValue(), 'female')
    assert.match(await total.textContent(), /members? found/)
    // Spark's search_fields offer no country: the form has none.
    assert.equal(await form.getByLabel('Country').count(), 0)

    // Everyone, to get several pages; page 2 shows other members.
    await form.getByLabel('Looking for').selectOption('')
    const everyone = s.page.waitForResponse((r) => r.url().includes('/api/members.php') && new URL(r.url()).searchParams.get('gender') === '')
    await form.getByRole('button', { name: 'Search' }).click()
    await s.page.waitForURL((u) => u.searchParams.get('gender') === '' && !u.searchParams.has('page'))
    const firstAnswer = (await (await everyone).json()).profiles.map((p) => p.id)
    const pages = s.page.getByTestId('pagination')
    await s.page.waitForFunction(
      (ids) => JSON.stringify([...document.querySelectorAll('[data-testid="profile-card"]')].map((e) => Number(e.getAttribute('data-id')))) === JSON.stringify(ids),
      firstAnswer,
    )
    await pages.getByRole('link', { name: 'Next', exact: true }).waitFor()
    const first = await cardIds(s.page)
    assert.equal(first.length, 12)
    // Page 2 starts where page 1 ended (its cursor): nobody from page 1,
    // however other tests make demo members active meanwhile.
    const answer = s.page.waitForResponse((r) => r.url().includes('/api/members.php') && new URL(r.url()).searchParams.has('after'))
    await pages.getByRole('link', { name: 'Next', exact: true }).click()
    await s.page.waitForURL((u) => u.searchParams.get('page') === '2' && u.searchParams.has('after'))
    const second = (await (await answer).json()).profiles.map((p) => p.id)
    assert.ok(second.length >= 1, 'page 2 has members')
    assert.deepEqual(second.filter((id) => first.includes(id)), [], 'page 2 repeats nobody from page 1')
    await s.page.waitForFunction(
      (ids) => JSON.stringify([...document.querySelectorAll('[data-testid="profile-card"]')].map((e) => Number(e.getAttribute('data-id')))) === JSON.stringify(ids),
      second,
    )
    await pages.getByRole('button', { name: 'Previous', exact: true }).click()
    await s.page.waitForURL((u) => !u.searchParams.has('page'))

    // Ages: every card is in range; a new search starts on page 1.
    await form.getByLabel('From age').fill('30')
    await form.getByLabel('To age').fill('45')
    await form.getByRole('button', { name: 'Search' }).click()
    await s.page.waitForURL((u) => u.searchParams.get('min_age') === '30' && u.searchParams.get('max_age') === '45')
    await s.page.waitForFunction(() => {
      const names = [...document.querySelectorAll('[data-testid="profile-card"] a')].map((a) => a.textContent ?? '')
      return names.length > 0 && names.every((n) => {
        const age = Number(n.split(', ').pop())
        return age >= 30 && age <= 45
      })
    })

    // A wrong age is refused in the form, without a search.
    await form.getByLabel('To age').fill('20')
    await form.getByRole('button', { name: 'Search' }).click()
    await form.getByText('The highest age must not be below the lowest.').waitFor()
    assert.equal(new URL(s.page.url()).searchParams.get('max_age'), '45')

    // A state with a narrow age range finds few: similar members fill in.
    const states = (await call(s, 'GET', '/api/regions.php?country=US')).body
    let narrow = null
    for (const r of states.regions) {
      const q = `gender=&countryregion=${r.code}&min_age=40&max_age=41&per_page=12`
      const a = (await call(s, 'GET', `/api/members.php?${q}`)).body
      if (a.total < 6 && a.similar.length > 0) {
        narrow = r
        break
      }
    }
    assert.ok(narrow, 'a state where similar members fill in')
    await form.getByLabel('State').selectOption(narrow.code)
    await form.getByLabel('From age').fill('40')
    await form.getByLabel('To age').fill('41')
    await form.getByRole('button', { name: 'Search' }).click()
    await s.page.waitForURL((u) => u.searchParams.get('countryregion') === narrow.code)
    const similar = s.page.getByTestId('similar-results')
    await similar.getByRole('heading', { name: 'Similar members' }).waitFor()
    assert.ok((await cardIds(s.page, similar)).length > 0)

    // A card opens the member's profile.
    const card = similar.getByTestId('profile-card').first()
    const id = await card.getAttribute('data-id')
    await card.getByRole('link').click()
    await s.page.waitForURL(new RegExp(`/members/${id}$`))
  } finally {
    await s.close()
  }
})

test('likes: a like, a like back, a match on both sides', async () => {
  const a = await open(HOST)
  const b = await open(HOST)
  try {
    const adam = await signup(a, { name: `Adam${seq}`, gender: 'male', seeking: 'female' })
    const bea = await signup(b, { name: `Bea${seq}`, gender: 'female', seeking: 'male' })
    const beaId = bea.profile?.id ?? bea.id
    await confirmEmail(a, adam.email)
    await confirmEmail(b, bea.email)
    const adamId = adam.profile?.id ?? adam.id

    // Adam finds Bea (the most recently active woman) and likes her.
    const liker = await gotoMembers(a, '/members', { confirmed: true })
    if (liker) {
      await a.page.keyboard.press('Escape')
      await a.page.getByTestId('new-like-popup').waitFor({ state: 'detached' })
    }
    const likeBea = a.page.getByTestId(`like-${beaId}`)
    await likeBea.click()
    await a.page.locator(`[data-testid="like-${beaId}"][aria-pressed="true"]`).waitFor()

    // Bea sees Adam among who liked her, marked new, with the badge. The
    // match moment's code comes after the first render (layouts/parts/later.tsx):
    // held back until her like back has answered, the match must still be
    // celebrated when it arrives, and Adam not popped up as a new like.
    let release
    const released = new Promise((r) => (release = r))
    let held = 0
    await b.page.route(/\/assets\/DefaultOverlays-[\w-]+\.js$/, async (route) => {
      held++
      await released
      await route.continue()
    })
    await b.goto('/likes')
    const list = b.page.getByTestId('likes-list-liked_by')
    const adamCard = list.locator(`[data-testid="profile-card"][data-id="${adamId}"]`)
    await adamCard.getByText('New', { exact: true }).waitFor()
    await b.page.getByTestId('nav-likes-badge').waitFor()
    assert.equal(await b.page.getByTestId('nav-likes-badge').textContent(), '1')

    // She likes back: the match moment for her, and for him at once (a live like event)
    // instead of the new-like popup.
    const likedBack = b.page.waitForResponse((r) => r.url().includes('/api/like.php'))
    await adamCard.getByRole('button', { name: `Like ${adam.profile?.name ?? `Adam`}` }).click()
    assert.deepEqual(await (await likedBack).json(), { match: true })
    assert.equal(held, 1, "the overlays' chunk was asked for and held")
    release()
    const hers = b.page.getByTestId('match-moment')
    await hers.getByRole('heading', { name: "It's a match!" }).waitFor()
    await hers.getByText(/You and Adam\d* like each other\./).waitFor()
    assert.equal(await hers.getByRole('link', { name: 'Send a message' }).getAttribute('href'), `/members/${adamId}/chat`)
    await hers.getByRole('button', { name: 'Keep looking' }).click()
    await hers.waitFor({ state: 'detached' })
    assert.equal(await b.page.locator(`[data-testid="new-like-popup"][data-id="${adamId}"]`).count(), 0)
    const his = a.page.getByTestId('match-moment')
    await his.getByText(/You and Bea\d* like each other\./).waitFor({ timeout: 15_000 })
    assert.equal(await his.getByRole('img', { name: /^Photo of Bea/ }).count(), 1)
    assert.equal(await a.page.locator(`[data-testid="new-like-popup"][data-id="${beaId}"]`).count(), 0)
    await his.getByRole('link', { name: 'Send a message' }).click()
    await a.page.waitForURL(new RegExp(`/members/${beaId}/chat$`))
    await a.goto('/likes/matches')
    await a.page.getByTestId('likes-list-matches').locator(`[data-testid="profile-card"][data-id="${beaId}"]`).waitFor()

    // Opening Adam from the likes view clears the new-like flag and the badge.
    await b.page.getByTestId('likes-tab-matches').click()
    await b.page.getByTestId('likes-list-matches').locator(`[data-testid="profile-card"][data-id="${adamId}"] a`).first().click()
    await b.page.waitForURL(new RegExp(`/likes/m/${adamId}$`))
    await b.page.getByTestId('like-profile-page').waitFor()
    await b.page.getByTestId('nav-likes-badge').waitFor({ state: 'detached' })
    const lists = (await call(b, 'GET', '/api/likes.php?type=liked_by')).body
    assert.equal(lists.new_likes, 0)
  } finally {
    await a.close()
    await b.close()
  }
})

test('auto-like: the new-like popup opens the liker from its photo', async () => {
  const s = await open(HOST)
  try {
    await signup(s, { name: 'Popper' })
    const liker = await gotoMembers(s)
    assert.ok(liker, 'a house profile likes a new member')
    const popup = s.page.getByTestId('new-like-popup')
    await s.page.getByTestId('nav-likes-badge').waitFor()
    const photo = popup.getByTestId('liker-photo')
    if (await photo.count()) {
      await photo.click()
      await s.page.waitForURL(new RegExp(`/likes/m/${liker}$`))
    } else {
      await popup.getByTestId('liker-press').click()
    }
    await popup.waitFor({ state: 'detached' })
  } finally {
    await s.close()
  }
})

test('auto-like: the new-like popup shows when the overlays\' code arrives after the likes reload', async () => {
  // The popup is in a chunk loaded after the first render (layouts/parts/later.tsx).
  // Held back until the likes have reloaded with the house profile's like, it
  // must still show that like: what counts as already seen is the likes the
  // page opened with, not those the popup finds when its code arrives.
  const s = await open(HOST)
  try {
    await signup(s, { name: 'Latecomer' })
    let release
    const released = new Promise((r) => (release = r))
    let held = 0
    await s.page.route(/\/assets\/DefaultOverlays-[\w-]+\.js$/, async (route) => {
      held++
      await released
      await route.continue()
    })
    const autoLike = s.page.waitForResponse((r) => r.url().includes('/api/auto-like.php'))
    await s.goto('/members')
    await dismissEmailBanner(s)
    const res = await autoLike
    assert.equal(res.status(), 200)
    const liker = (await res.json()).id
    assert.ok(liker, 'a house profile likes a new member')
    // The likes reload after the auto-like and hold the new like before the popup's code is in.
    await s.page.waitForResponse((r) => r.url().includes('/api/likes.php'))
    await s.page.waitForFunction(() => document.querySelector('[data-testid="nav-likes-badge"]'))
    // Asked for at least once: the preload link and the import of the chunk
    // may each reach the network while the first is held.
    assert.ok(held >= 1, 'the overlays\' chunk was asked for and held')
    assert.equal(await s.page.getByTestId('new-like-popup').count(), 0)
    release()
    await s.page.locator(`[data-testid="new-like-popup"][data-id="${liker}"]`).waitFor()
  } finally {
    await s.close()
  }
})

test('swipe game: drag, keys and buttons until the 4 likes of the day are used', async () => {
  const s = await open(HOST)
  try {
    await signup(s, { name: 'Swiper' })
    await s.goto('/swipe-game')
    const left = s.page.getByTestId('likes-left')
    const card = s.page.getByTestId('swipe-card')
    await card.waitFor()
    await s.page.waitForFunction(() => document.querySelector('[data-testid="likes-left"]')?.getAttribute('data-count') === '4')
    assert.equal(await left.textContent(), '4 of 4 likes left today')
    const topId = () => card.getAttribute('data-id')
    const waitLeft = (n) => s.page.locator(`[data-testid="likes-left"][data-count="${n}"]`).waitFor()
    const waitNext = (id) => s.page.waitForFunction((prev) => {
      const el = document.querySelector('[data-testid="swipe-card"]')
      return !el || el.getAttribute('data-id') !== prev
    }, id)

    // Drag right with the pointer: a like.
    let id = await topId()
    const box = await card.boundingBox()
    await s.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await s.page.mouse.down()
    for (let i = 1; i <= 10; i++) await s.page.mouse.move(box.x + box.width / 2 + i * 25, box.y + box.height / 2)
    await s.page.mouse.up()
    await waitLeft(3)
    await waitNext(id)

    // A short drag springs back.
    id = await topId()
    const box2 = await card.boundingBox()
    await s.page.mouse.move(box2.x + box2.width / 2, box2.y + box2.height / 2)
    await s.page.mouse.down()
    await s.page.mouse.move(box2.x + box2.width / 2 + 10, box2.y + box2.height / 2, { steps: 5 })
    await s.page.mouse.up()
    assert.equal(await topId(), id)

    // Left arrow passes (no like used), right arrow likes.
    await s.page.keyboard.press('ArrowLeft')
    await waitNext(id)
    assert.equal(await left.getAttribute('data-count'), '3')
    id = await topId()
    await s.page.keyboard.press('ArrowRight')
    await waitLeft(2)
    await waitNext(id)

    // The buttons.
    await s.page.getByTestId('swipe-like').click()
    await waitLeft(1)
    await s.page.getByTestId('swipe-like').click()
    await waitLeft(0)
    const limit = s.page.getByTestId('swipe-limit')
    await limit.getByRole('heading', { name: "That's it for today" }).waitFor()
    await limit.getByText('You have used your 4 likes for today. Come back tomorrow for more.').waitFor()
    assert.equal(await s.page.getByTestId('swipe-card').count(), 0)

    // The engine agrees: a fifth swipe like is refused.
    const deck = (await call(s, 'GET', '/api/swipe.php')).body
    assert.equal(deck.likes_left, 0)
    if (deck.profiles.length) {
      const res = await call(s, 'POST', '/api/swipe.php', { profile_id: deck.profiles[0].id, action: 'like' })
      assert.equal(res.status, 429)
    }
    // Reloading keeps the limit message.
    await s.page.reload()
    await limit.waitFor()
  } finally {
    await s.close()
  }
})

test("a visitor's Like invites to sign up for that profile: the signup modal on desktop, the profile's signup page at 390 px", async () => {
  for (const width of [1280, 390]) {
    const s = await open('localhost', { locale: 'en', width })
    try {
      await s.goto('/members')
      const card = s.page.getByTestId('profile-card').first()
      await card.waitFor()
      const id = Number(await card.getAttribute('data-id'))
      let liked = 0
      s.page.on('request', (r) => {
        if (r.url().includes('/api/like.php')) liked++
      })
      await card.getByTestId(`like-${id}`).click()
      if (width === 1280) await s.page.getByTestId('signup-modal').waitFor()
      else await s.page.waitForURL(new RegExp(`/members/${id}/signup$`))
      assert.equal(await s.page.getByText('An error has occurred.').count(), 0, `no error at ${width} px`)
      assert.equal(liked, 0, `no like sent at ${width} px`)
    } finally {
      await s.close()
    }
  }
})
