// The search members expect, at 390 x 844: distance from the member's
// place (only members within the radius, nearest first), "online now" from
// the live streams, pages that never repeat while members become active,
// and the swipe game's offer once the day's likes are used.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { assertFullyVisible, assertNoSidewaysScroll, call, confirmEmail, open, PHONE } from './lib.mjs'

const HOST = 'localhost' // lustlokaal: Dutch demo members placed in their cities

let seq = 0
/** member signs a new member up in s and confirms the address, so their profile shows in search. */
async function member(s, { name, gender = 'male', seeking = 'female', confirm = false }) {
  await s.goto('/pages/faq')
  const email = `find-${Date.now()}-${process.pid}-${seq++}@example.test`
  const res = await call(s, 'POST', '/api/signup.php?ref=e2e-find', { email, name, date_of_birth: '1990-01-01', password: 'discovery-password', gender, seeking, orientation_consent: true })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  if (confirm) await confirmEmail(s, email)
  return res.body.user
}

/**
 * searchAnswer opens /members?query in s (whose first paint carries the
 * first search) and answers the engine's answer to the same search.
 */
async function searchAnswer(s, query) {
  await s.goto(`/members?${query}`)
  await s.page.getByTestId('search-total').waitFor()
  const res = await call(s, 'GET', `/api/members.php?${query}&per_page=12`)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body
}

const shownIds = (page) => page.getByTestId('profile-card').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-id'))))

test('distance: only members within the radius, nearest first; online now follows the live stream', async () => {
  const s = await open(HOST, { ...PHONE, locale: 'en' })
  const other = await open(HOST, { ...PHONE, locale: 'en' })
  try {
    await member(s, { name: 'Finder' })
    const placed = await call(s, 'PUT', '/api/profile.php', { country: 'NL', region: 'NL-NH', city: 'Amsterdam' })
    assert.equal(placed.status, 200, JSON.stringify(placed.body))

    const anywhere = await searchAnswer(s, 'gender=female&sort=distance')
    const far = anywhere.profiles.filter((p) => p.distance > 25)
    const within = await searchAnswer(s, 'gender=female&distance=25&sort=distance')
    assert.equal(within.distance_unit, 'km')
    assert.ok(within.profiles.length > 0, 'members within 25 km of Amsterdam')
    const d = within.profiles.map((p) => p.distance)
    assert.ok(d.every((x) => x > 0 && x <= 25), `distances ${d}`)
    assert.deepEqual(d, [...d].sort((a, b) => a - b), 'nearest first')
    assert.ok(far.length > 0 || anywhere.profiles.length === within.profiles.length, 'some members are further away')
    for (const p of far) assert.ok(!within.profiles.some((w) => w.id === p.id), `${p.id} at ${p.distance} km is outside the radius`)
    // What the page shows: the same members in the same order, each with its distance.
    await s.page.waitForFunction((ids) => JSON.stringify([...document.querySelectorAll('[data-testid="profile-card"]')].map((e) => Number(e.getAttribute('data-id')))) === JSON.stringify(ids), within.profiles.map((p) => p.id))
    assert.match(await s.page.getByTestId('card-distance').first().textContent(), /^\d+(\.\d)? km away$/)
    const form = s.page.getByTestId('search-form')
    if (!(await form.isVisible())) await s.page.getByTestId('search-filters-toggle').click()
    assert.equal(await form.getByLabel('Distance').inputValue(), '25')
    assert.equal(await form.getByLabel('Order').inputValue(), 'distance')
    await assertNoSidewaysScroll(s.page, 'distance search')
    await s.page.screenshot({ path: '/tmp/discovery-search-390.png', fullPage: false })

    // A woman with the site open is online now; once she closes it, she is not.
    const her = await member(other, { name: 'Onlinea', gender: 'female', seeking: 'male', confirm: true })
    await other.goto('/members')
    const onlineIds = async () => (await call(s, 'GET', '/api/members.php?gender=female&online=1&per_page=60')).body.profiles.map((p) => p.id)
    for (const end = Date.now() + 10_000; !(await onlineIds()).includes(her.id); ) {
      assert.ok(Date.now() < end, 'she shows as online now while her page is open')
      await new Promise((r) => setTimeout(r, 200))
    }
    const online = await searchAnswer(s, 'gender=female&online=1')
    assert.ok(online.profiles.some((p) => p.id === her.id))
    await s.page.locator(`[data-testid="profile-card"][data-id="${her.id}"]`).waitFor()
    await other.close()
    for (const end = Date.now() + 10_000; (await onlineIds()).includes(her.id); ) {
      assert.ok(Date.now() < end, 'she is not online once her page is closed')
      await new Promise((r) => setTimeout(r, 200))
    }
  } finally {
    await s.close()
  }
})

test('page 2 never repeats page 1 while members become active', async () => {
  const s = await open(HOST, { ...PHONE, locale: 'en' })
  const others = await open(HOST, { ...PHONE, locale: 'en' })
  try {
    await member(s, { name: 'Pager' })
    await s.goto('/members?gender=female')
    await s.page.getByTestId('profile-card').first().waitFor()
    const firstIds = await shownIds(s.page)
    assert.equal(firstIds.length, 12)
    // Two women join and are active before the next page is loaded: with
    // pages by offset, page 1's last members would come again.
    const joined = []
    for (const name of ['Newa', 'Newb']) {
      joined.push((await member(others, { name, gender: 'female', seeking: 'male', confirm: true })).id)
      await call(others, 'GET', '/api/logout.php')
    }
    const answer = s.page.waitForResponse((r) => r.url().includes('/api/members.php') && new URL(r.url()).searchParams.has('after'))
    await s.page.getByTestId('pagination').getByRole('link', { name: 'Next', exact: true }).click()
    const second = await (await answer).json()
    const secondIds = second.profiles.map((p) => p.id)
    assert.deepEqual(secondIds.filter((id) => firstIds.includes(id)), [], 'nobody from page 1 on page 2')
    for (const id of joined) assert.ok(secondIds.includes(id), `${id}, who became active, is not skipped`)
    await s.page.waitForFunction((ids) => JSON.stringify([...document.querySelectorAll('[data-testid="profile-card"]')].map((e) => Number(e.getAttribute('data-id')))) === JSON.stringify(ids), secondIds)
    assert.deepEqual((await shownIds(s.page)).filter((id) => firstIds.includes(id)), [])
    await s.page.getByText('Page 2 of', { exact: false }).waitFor()
  } finally {
    await others.close()
    await s.close()
  }
})

test('swipe game at 390 px: the next card behind, touch wording, and the offer when the likes are used', async () => {
  const s = await open(HOST, { ...PHONE, locale: 'en', touch: true })
  try {
    await member(s, { name: 'Swipes' })
    await s.goto('/swipe-game')
    const card = s.page.getByTestId('swipe-card')
    await card.waitFor()
    // The next card is behind the top one: under it, slightly smaller.
    const top = await card.boundingBox()
    const next = await s.page.getByTestId('swipe-next').boundingBox()
    assert.ok(next.width < top.width && next.width > top.width * 0.85, `behind ${next.width} px under ${top.width} px`)
    assert.ok(Math.abs(next.x + next.width / 2 - (top.x + top.width / 2)) < 2, 'centred under the top card')
    assert.ok(next.y + next.height >= top.y + top.height + 10, 'its edge shows below the top card')
    const buttons = await s.page.getByTestId('swipe-like').boundingBox()
    assert.ok(buttons.y >= next.y + next.height, 'the buttons are below the stack')
    assert.equal(await s.page.getByTestId('swipe-hint').textContent(), 'Swipe the card: right to like, left to pass.')
    await s.page.screenshot({ path: '/tmp/discovery-swipe-390.png' })
    // Five attempts: four likes and a pass; the sixth finds the offer.
    const waitLeft = (n) => s.page.locator(`[data-testid="likes-left"][data-count="${n}"]`).waitFor()
    await s.page.getByTestId('swipe-pass').click()
    for (const n of [3, 2, 1, 0]) {
      await s.page.getByTestId('swipe-like').click()
      await waitLeft(n)
    }
    const limit = s.page.getByTestId('swipe-limit')
    await limit.getByTestId('swipe-offer').waitFor()
    const premium = limit.getByRole('link', { name: 'Get Premium', exact: true })
    const credits = limit.getByRole('link', { name: 'Buy credits', exact: true })
    await assertFullyVisible(premium, 'the premium offer')
    await assertFullyVisible(credits, 'the credits offer')
    assert.equal(await s.page.getByTestId('swipe-card').count(), 0, 'no card is left to swipe')
    assert.equal(await s.page.getByText('Send a message', { exact: true }).count(), 0, 'no leftover message card')
    await assertNoSidewaysScroll(s.page, 'swipe limit')
    await s.page.screenshot({ path: '/tmp/discovery-swipe-limit-390.png' })
  } finally {
    await s.close()
  }
})
