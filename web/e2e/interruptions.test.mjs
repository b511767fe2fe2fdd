// One interruption at a time on a phone: the modals, the like and match
// cards, the offers and the banners of the member app go through one queue.
// Nothing opens over an open modal or over the tab bar, a card shows once
// per member (the server keeps it), the e-mail confirmation is a banner that
// sends the mail again (within the server's limit), and the welcome-bonus
// modal opens once a day at most.
// LustLokaal: signup_credits 50, message_credits 10.
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { assertFullyVisible, assertNoSidewaysScroll, call, confirmEmail, open, PHONE, signupMember, site } from './lib.mjs'

const HOST = 'localhost'
const api = (path) => site(HOST) + path
const shots = fileURLToPath(new URL('./screenshots/', import.meta.url))

/** visibleCounts counts the modals, banners and cards a member can see now. */
const visibleCounts = (page) =>
  page.evaluate(() => {
    const seen = (el) => {
      const r = el.getBoundingClientRect()
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'
    }
    const count = (sel) => [...document.querySelectorAll(sel)].filter(seen).length
    return {
      modals: count('[role=dialog][aria-modal=true]'),
      banners: count('[data-testid=alerts] > *'),
      cards: count('[data-testid=new-like-popup]'),
    }
  })

/**
 * watchMostAtOnce records, on every frame from the page's start, the most
 * interruptions (modals, banners, cards) visible at the same time, in
 * window.__mostAtOnce.
 */
const watchMostAtOnce = (page) =>
  page.addInitScript(() => {
    window.__mostAtOnce = 0
    const seen = (el) => {
      const r = el.getBoundingClientRect()
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'
    }
    const frame = () => {
      const n = [...document.querySelectorAll('[role=dialog][aria-modal=true], [data-testid=alerts] > *, [data-testid=new-like-popup]')].filter(seen).length
      window.__mostAtOnce = Math.max(window.__mostAtOnce, n)
      requestAnimationFrame(frame)
    }
    requestAnimationFrame(frame)
  })

/** waitsInQueue waits until the queue holds id back (it wants to show and may not yet). */
const waitsInQueue = (page, id) =>
  page.waitForFunction((i) => (document.documentElement.dataset.interruptionsDeferred ?? '').split(' ').includes(i), id, { timeout: 20_000 })

/** cardClaim waits for the app's claim of a like card (POST like-card.php) and answers first_time. */
const cardClaim = async (page) => {
  const res = await page.waitForResponse((r) => r.url().endsWith('/api/like-card.php') && r.request().method() === 'POST', { timeout: 20_000 })
  assert.equal(res.status(), 200, await res.text())
  return (await res.json()).first_time
}

/** houseLike has a house profile of the pool like the member now (the like arrives on the member's open page, live). */
const houseLike = async (s) => {
  const res = await s.page.request.get(api('/api/auto-like.php'))
  assert.equal(res.status(), 200, 'a house profile is left to like the member')
  return (await res.json()).id
}

/** box is an element's bounding box in the viewport. */
const box = (locator) => locator.evaluate((el) => el.getBoundingClientRect().toJSON())
const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom

/** confirmed signs a member up and confirms the address (no e-mail banner waits in front of everything). */
async function confirmed(s, name) {
  await s.goto('/pages/faq')
  const user = await signupMember(s, { name, prefix: 'queue' })
  await confirmEmail(s, user.email)
  return user
}

test('a like card waits while a modal is open, then shows above the tab bar, not over it', async () => {
  const s = await open(HOST, { country: 'NL', locale: 'en', ...PHONE })
  try {
    await confirmed(s, 'Cardwatcher')
    await s.goto('/notifications')
    await s.page.getByTestId('delete-account').click()
    const dialog = s.page.getByTestId('delete-confirm')
    const keep = dialog.getByRole('button', { name: 'Keep my account', exact: true })
    await keep.waitFor()

    // A like arrives while the deletion modal is open: it waits, the modal's buttons stay free.
    const liker = await houseLike(s)
    await waitsInQueue(s.page, 'newLike')
    assert.equal((await visibleCounts(s.page)).cards, 0, 'no card over the open modal')
    await assertFullyVisible(keep, 'the modal\'s "Keep my account" button')

    // The modal goes: the card shows, above the tab bar.
    await keep.click()
    const card = s.page.getByTestId('new-like-popup')
    await card.waitFor()
    assert.equal(await card.getAttribute('data-id'), String(liker))
    const tabs = await box(s.page.getByTestId('tab-bar'))
    const c = await box(card)
    assert.ok(tabs.height > 0, 'the tab bar shows on the phone')
    assert.ok(!overlap(c, tabs), `the card (${c.top}-${c.bottom}px) overlaps the tab bar (${tabs.top}-${tabs.bottom}px)`)
    assert.ok(c.top >= 0 && c.bottom <= PHONE.height && c.right <= PHONE.width, 'the card is inside the screen')
    await assertNoSidewaysScroll(s.page, 'the page with the like card')
    mkdirSync(shots, { recursive: true })
    await s.page.screenshot({ path: `${shots}like-card-tab-bar-phone.png` })
  } finally {
    await s.close()
  }
})

test('a like card shown once does not come back after a reload: the server keeps it', async () => {
  const s = await open(HOST, { country: 'NL', locale: 'en', ...PHONE })
  try {
    await confirmed(s, 'Oncewatcher')
    await s.goto('/likes')
    const claimed = cardClaim(s.page)
    const liker = await houseLike(s)
    assert.equal(await claimed, true, 'the first claim of the card')
    const card = s.page.getByTestId('new-like-popup')
    await card.waitFor()
    const detail = { id: liker, name: 'Again', like_new: true }

    // Reloaded, the same like comes again (a second tab, the stream sending it again): the server says it was seen.
    await s.page.reload({ waitUntil: 'domcontentloaded' })
    await s.page.getByTestId('tab-bar').waitFor()
    const again = cardClaim(s.page)
    await s.page.evaluate((d) => window.dispatchEvent(new CustomEvent('rdv:like', { detail: d })), detail)
    assert.equal(await again, false, 'the card was claimed before')
    await s.page.waitForFunction(() => !(document.documentElement.dataset.interruptionsDeferred ?? '').includes('newLike'))
    assert.equal(await card.count(), 0, 'the card does not come back')
  } finally {
    await s.close()
  }
})

test('right after signup: one interruption at a time; the e-mail banner sends the mail again, within the limit', async () => {
  const s = await open(HOST, { country: 'NL', locale: 'en', ...PHONE })
  await watchMostAtOnce(s.page)
  try {
    await s.goto('/pages/faq')
    const user = await signupMember(s, { name: 'Queuetester', prefix: 'queue' })
    await s.goto('/members?api_signup_complete=1')
    const banner = s.page.getByTestId('activation-alert')
    await banner.waitFor()
    // The house profile's welcome like arrives and waits behind the banner; no modal repeats the signup step.
    await waitsInQueue(s.page, 'newLike')
    assert.deepEqual(await visibleCounts(s.page), { modals: 0, banners: 1, cards: 0 })
    await assertNoSidewaysScroll(s.page, 'the first screen after signup')

    // Send the e-mail again: the mailbox gets a second mail.
    const resend = banner.getByRole('button', { name: 'Send the e-mail again', exact: true })
    await assertFullyVisible(resend, 'the resend button')
    const sent = s.page.waitForResponse((r) => r.url().endsWith('/api/activate.php') && r.request().method() === 'POST')
    await resend.click()
    assert.equal((await sent).status(), 204)
    await banner.getByText(`We sent a new e-mail to ${user.email}.`, { exact: true }).waitFor()
    const mails = async () => (await call(s, 'GET', '/dev/mailbox.json')).body.filter((m) => m.to.includes(user.email)).length
    for (const end = Date.now() + 10_000; (await mails()) < 2 && Date.now() < end; ) await new Promise((r) => setTimeout(r, 100))
    assert.equal(await mails(), 2, 'the signup mail and the one sent again')

    // The server's limit: five activation mails a day, the signup's included.
    for (let i = 0; i < 3; i++) assert.equal((await call(s, 'POST', '/api/activate.php')).status, 204)
    const refused = s.page.waitForResponse((r) => r.url().endsWith('/api/activate.php') && r.request().method() === 'POST')
    await resend.click()
    const res = await refused
    assert.equal(res.status(), 429)
    assert.equal((await res.json()).error, 'activation_limit')
    await banner.getByText('Too many activation emails sent, please try again tomorrow.', { exact: true }).waitFor()

    // The banner goes: the like's card shows, alone.
    await banner.getByRole('button', { name: 'Dismiss', exact: true }).click()
    const card = s.page.getByTestId('new-like-popup')
    await card.waitFor()
    assert.deepEqual(await visibleCounts(s.page), { modals: 0, banners: 0, cards: 1 })
    // On the search page too, the card stays clear of the tab bar.
    const c = await box(card)
    const tabs = await box(s.page.getByTestId('tab-bar'))
    assert.ok(!overlap(c, tabs), `the card (${c.top}-${c.bottom}px) overlaps the tab bar (${tabs.top}-${tabs.bottom}px)`)
    assert.equal(await s.page.evaluate(() => window.__mostAtOnce), 1, 'never more than one interruption at a time')
  } finally {
    await s.close()
  }
})

/** spendCredits writes to a profile until the member's 50 signup credits are gone. */
async function spendCredits(s) {
  const members = await (await s.page.request.get(api('/api/members.php?per_page=10'))).json()
  const her = members.profiles[0]
  for (let i = 0; i < 5; i++) {
    const res = await s.page.request.post(api('/api/messages.php'), { data: { profile_id: her.id, text: `Hello ${i}`, client_id: `q-${Date.now()}-${i}` } })
    assert.ok([200, 201].includes(res.status()), await res.text())
  }
}

test('the welcome-bonus modal opens once a day on the swipe page, not on every visit', async () => {
  const s = await open(HOST, { locale: 'en', ...PHONE })
  try {
    await confirmed(s, 'Swipevisitor')
    await spendCredits(s)
    await s.goto('/swipe-game')
    const modal = s.page.getByTestId('time-bonus-modal')
    // the offer's answer and the overlays' code come after the page (slow on a busy machine)
    await modal.waitFor({ timeout: 20_000 })
    // The member leaves without answering it and comes back: the banner reminds, the modal stays shut.
    await s.goto('/pages/faq')
    await s.goto('/swipe-game')
    await s.page.getByTestId('alert-timeBonus').waitFor()
    assert.equal(await modal.count(), 0, 'the modal opened a second time the same day')
  } finally {
    await s.close()
  }
})

test('the bonus modal does not interrupt profile editing: it waits until the profile is saved', async () => {
  const s = await open(HOST, { locale: 'en', ...PHONE })
  try {
    await confirmed(s, 'Editwriter')
    const members = await (await s.page.request.get(api('/api/members.php?per_page=10'))).json()
    const her = members.profiles[0]
    const message = (i) =>
      s.page.request.post(api('/api/messages.php'), { data: { profile_id: her.id, text: `Hello ${i}`, client_id: `q-${Date.now()}-${i}` } })
    for (let i = 0; i < 4; i++) assert.ok([200, 201].includes((await message(i)).status()))

    await s.goto('/profile')
    await s.page.getByTestId('profile-edit').click()
    const form = s.page.getByTestId('profile-form')
    const name = form.getByLabel('Name')
    await name.fill('Editwriter Two')
    // The last credits go while the member edits (the balance arrives live): the offer wants to show, and waits.
    assert.ok([200, 201].includes((await message(4)).status()))
    await waitsInQueue(s.page, 'timeBonusModal')
    assert.equal(await s.page.getByTestId('time-bonus-modal').count(), 0)
    assert.equal(await name.inputValue(), 'Editwriter Two')
    assert.equal(await s.page.evaluate(() => document.activeElement?.closest('form')?.dataset.testid), 'profile-form')

    // Saved: now the offer shows.
    const [saved] = await Promise.all([
      s.page.waitForResponse((r) => r.url().includes('/api/profile.php') && r.request().method() === 'PUT'),
      form.getByTestId('profile-save').click(),
    ])
    assert.equal(saved.status(), 200)
    await s.page.getByTestId('time-bonus-modal').waitFor()
    const me = await (await s.page.request.get(api('/api/user.php'), { headers: { 'X-Request-Type': 'client' } })).json()
    assert.equal(me.user.profile.name, 'Editwriter Two')
    assert.equal(me.user.credits, 0)
  } finally {
    await s.close()
  }
})
