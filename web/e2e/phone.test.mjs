// The member site on a phone (390x844): the chat that fits, the app shell
// (bottom tab bar, compact top bar) and every main screen without sideways
// scrolling, its primary action visible without scrolling.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { aHouseProfile, assertFullyVisible, assertNoSidewaysScroll, open, PHONE, signupMember, site } from './lib.mjs'

const HOST = 'localhost'
const api = (path) => site(HOST) + path

/** composerFits: no sideways scrolling; Send, the cost line, the counter and the partner's name whole and in view. */
async function composerFits(page, what) {
  await page.getByTestId('chat-composer').waitFor()
  await page.getByTestId('chat-input').fill('Hello there, how are you today?')
  await assertNoSidewaysScroll(page, what)
  await assertFullyVisible(page.getByTestId('chat-send'), `${what}: Send`)
  await assertFullyVisible(page.getByTestId('chat-cost'), `${what}: the cost line`)
  await assertFullyVisible(page.getByTestId('chat-counter'), `${what}: the counter`)
  await assertFullyVisible(page.getByTestId('chat-input'), `${what}: the message field`)
  await assertFullyVisible(page.getByTestId('chat-profile-name'), `${what}: the partner's name`)
}

test('chat on a phone: the composer fits the screen (Send, cost line and counter whole, no sideways scrolling)', async () => {
  // NL: the 18+ bar shows too.
  const s = await open(HOST, { country: 'NL', locale: 'en', ...PHONE })
  try {
    await s.goto('/')
    await signupMember(s, { name: 'Phonetester', prefix: 'phone' })
    const p = await aHouseProfile(s)
    await s.goto(`/members/${p.id}/chat`)
    await composerFits(s.page, 'a new chat on a phone')
  } finally {
    await s.close()
  }
})

test('chat on a desktop: the screen is full-height, the composer and its cost line above the fold under the 18+ bar', async () => {
  const s = await open(HOST, { country: 'NL', locale: 'en', width: 1280, height: 800 })
  try {
    await s.goto('/')
    await signupMember(s, { name: 'Phonetester', prefix: 'phone' })
    const p = await aHouseProfile(s, 1)
    await s.goto(`/members/${p.id}/chat`)
    await s.page.getByTestId('entry-warning').waitFor()
    await composerFits(s.page, 'a new chat on a desktop')
    const scrollable = await s.page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)
    assert.ok(scrollable <= 0, `the chat screen is ${scrollable}px taller than the window`)
  } finally {
    await s.close()
  }
})

test('the app shell on a phone: five tabs, the active one marked, badges read as words, usable by keyboard; the desktop keeps its top navigation', async () => {
  const s = await open(HOST, { locale: 'en', ...PHONE })
  try {
    await s.goto('/')
    await signupMember(s, { name: 'Phonetester', prefix: 'phone' })
    await s.goto('/members')
    const tabs = s.page.getByRole('navigation', { name: 'App navigation' })
    await tabs.getByRole('link', { name: 'Search' }).waitFor()
    const names = await tabs.getByRole('link').evaluateAll((links) => links.map((a) => a.querySelector('[data-tab-label]')?.textContent))
    assert.deepEqual(names, ['Search', 'Swipe', 'Likes', 'Messages', 'Profile'])
    assert.equal(await tabs.getByRole('link', { name: 'Search' }).getAttribute('aria-current'), 'page')
    await assertFullyVisible(tabs, 'the tab bar')
    // A house profile likes a new member: the likes tab counts it, in words for screen readers.
    const badge = s.page.getByTestId('tab-likes-badge')
    await badge.waitFor({ timeout: 15_000 })
    const n = Number(await badge.textContent())
    assert.ok(n >= 1)
    await tabs.getByRole('link', { name: new RegExp(`^Likes ${n} new likes?$`) }).waitFor()
    assert.equal(await badge.getAttribute('aria-hidden'), 'true')
    // The header is one compact row; search, likes and messages are in the tab bar only.
    const header = await s.page.getByTestId('site-header').boundingBox()
    assert.ok(header.height <= 64, `the header is ${header.height}px high`)
    const main = s.page.getByRole('navigation', { name: 'Main navigation' })
    assert.equal(await main.getByRole('link', { name: /^Messages/ }).count(), 0)
    await main.getByRole('link', { name: 'Get Premium' }).waitFor()
    await assertNoSidewaysScroll(s.page, 'the members page on a phone')
    // Keyboard: the tabs are links in the tab order.
    await tabs.getByRole('link', { name: /^Likes/ }).focus()
    await s.page.keyboard.press('Enter')
    await s.page.waitForURL(/\/likes$/)
    await tabs.locator('a[aria-current="page"]', { hasText: 'Likes' }).waitFor()
    await s.page.keyboard.press('Shift+Tab')
    assert.equal(await s.page.evaluate(() => document.activeElement?.textContent), 'Swipe')
    // The account menu holds the language on a phone.
    await s.page.getByTestId('account-menu').getByRole('button').click()
    await s.page.getByTestId('account-menu').getByRole('menuitem', { name: 'Language' }).waitFor()
  } finally {
    await s.close()
  }
  const d = await open(HOST, { locale: 'en', width: 1280, height: 800 })
  try {
    await d.goto('/')
    await signupMember(d, { name: 'Phonetester', prefix: 'phone' })
    await d.goto('/members')
    const main = d.page.getByRole('navigation', { name: 'Main navigation' })
    await main.getByRole('link', { name: /^Messages/ }).waitFor()
    assert.equal(await d.page.getByTestId('tab-bar').isVisible(), false)
    await d.page.getByTestId('language-menu').waitFor()
  } finally {
    await d.close()
  }
})

/**
 * SCREENS: every main screen with its primary action, the one thing a member
 * comes to the screen for; on a phone it must be in view without scrolling.
 */
const SCREENS = [
  { name: 'search', path: () => '/members', action: (p) => p.getByTestId('profile-card').first().locator('[data-testid^="like-"]') },
  { name: 'swipe', path: () => '/swipe-game', action: (p) => p.getByTestId('swipe-like') },
  { name: 'likes', path: () => '/likes', action: (p) => p.locator('[data-testid^="likes-tab-"][aria-current="page"]') },
  { name: 'matches', path: () => '/match-finder', action: (p) => p.getByTestId('suggestions').getByRole('button').first() },
  { name: 'chats list', path: () => '/chats', action: (p) => p.getByTestId('chat-entry').first() },
  { name: 'a chat', path: (her) => `/members/${her.id}/chat`, action: (p) => p.getByTestId('chat-send') },
  { name: "a member's profile", path: (her) => `/members/${her.id}`, action: (p) => p.getByTestId('member-chat') },
  { name: 'own profile', path: () => '/profile', action: (p) => p.getByTestId('photo-add') },
  { name: 'credits', path: () => '/credits', action: (p) => p.getByRole('link', { name: /^Buy \d+ credits/ }).first() },
  { name: 'account', path: () => '/notifications', action: (p) => p.getByTestId('notifications-save') },
]

test('every main screen on a phone: no sideways scrolling, the primary action in view without scrolling', async () => {
  // Logged out: the home page and its call to sign up.
  const v = await open(HOST, { country: 'NL', locale: 'en', ...PHONE })
  try {
    await v.context.addInitScript(() => window.localStorage.setItem('rdv_site_entry_dismissed', String(Date.now())))
    await v.goto('/')
    await assertFullyVisible(v.page.getByRole('link', { name: 'Sign up' }).first(), 'home: sign up')
    await assertNoSidewaysScroll(v.page, 'home')
  } finally {
    await v.close()
  }

  const s = await open(HOST, { country: 'NL', locale: 'en', ...PHONE })
  try {
    // The offer modal and pop-ups are the queue's business (interruptions.test.mjs); here the screens themselves.
    await s.context.addInitScript(() => window.localStorage.setItem('rdv_time_bonus_modal_dismissed_at', String(Date.now())))
    await s.goto('/')
    await signupMember(s, { name: 'Screenwalker', prefix: 'phone' })
    const her = await aHouseProfile(s, 3)
    const sent = await s.page.request.post(api('/api/messages.php'), { data: { profile_id: her.id, text: 'Hello', client_id: `screens-${Date.now()}` } })
    assert.ok([200, 201].includes(sent.status()), await sent.text())
    const problems = []
    for (const screen of SCREENS) {
      await s.goto(screen.path(her))
      try {
        await assertFullyVisible(screen.action(s.page), `${screen.name}: the primary action`)
        await assertNoSidewaysScroll(s.page, screen.name)
      } catch (err) {
        problems.push(err.message.split('\n')[0])
      }
    }
    assert.deepEqual(problems, [])
  } finally {
    await s.close()
  }
})
