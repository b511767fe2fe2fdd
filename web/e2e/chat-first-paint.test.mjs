// The chat's first paint: the engine draws a conversation (the partner in
// the top bar, the messages, the composer) into the page itself for a member
// of it, so a phone shows the messages before any of the app's code has run,
// and the app then shows the same messages without asking messages.php.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { assertNoSidewaysScroll, open, PHONE, site } from './lib.mjs'

const DESKTOP = { width: 1280, height: 800 }

const HOST = 'localhost'
const DEMO = 'demo@lustlokaal.example'

/** login starts the demo member's session in s and answers its first conversation and its messages. */
async function demoConversation(s) {
  const post = await s.page.request.post(site(HOST) + '/api/user.php', { headers: { 'X-Request-Type': 'client' }, data: { email: DEMO, password: 'demo-password' } })
  assert.equal(post.status(), 200, await post.text())
  const get = async (path) => {
    const res = await s.page.request.get(site(HOST) + path, { headers: { 'X-Request-Type': 'client' } })
    assert.equal(res.status(), 200, path)
    return res.json()
  }
  const chats = await get('/api/chats.php')
  const chat = (chats.chats ?? chats)[0]
  assert.ok(chat, 'the demo member has no conversation')
  const thread = await get(`/api/messages.php?conversation=${chat.conversation.id}`)
  assert.ok(thread.messages.length > 0, 'the demo conversation has no messages')
  return thread
}

/** bottomOfLast is where the last message ends on screen (px from the top). */
const bottomOfLast = (page, selector) => page.locator(selector).last().evaluate((el) => Math.round(el.getBoundingClientRect().bottom))

test('a phone without scripts shows the conversation: partner, messages, composer', async () => {
  const s = await open(HOST, { locale: 'en', ...PHONE, javaScript: false })
  try {
    const thread = await demoConversation(s)
    await s.page.goto(site(HOST) + `/chats/${thread.conversation.id}`, { waitUntil: 'domcontentloaded' })
    const paint = s.page.locator('[data-first-paint-chat]')
    await paint.waitFor()
    assert.match(await paint.locator('header').innerText(), new RegExp(thread.profile.name))
    const shown = paint.locator('[data-first-paint-message]')
    assert.equal(await shown.count(), thread.messages.length, 'every message of the last page is in the first paint')
    const texts = await shown.allInnerTexts()
    thread.messages.forEach((m, i) => {
      if (m.kind === 'text') assert.ok(texts[i].includes(m.text.trim()), `message ${i}: ${texts[i]} is not ${m.text}`)
    })
    // The newest message is in view, above the composer, without a script to scroll.
    const last = await shown.last().boundingBox()
    const composer = await paint.locator('.fp-comp').boundingBox()
    assert.ok(last && composer && last.y >= 0 && last.y + last.height <= composer.y + 1, `the last message (${JSON.stringify(last)}) is not in view above the composer (${JSON.stringify(composer)})`)
    assert.ok(composer.y + composer.height <= PHONE.height + 1, 'the composer is below the screen')
    const avatar = paint.locator('header img')
    if (thread.profile.main_image) {
      assert.equal(await avatar.getAttribute('width'), '36')
      assert.equal(await avatar.getAttribute('fetchpriority'), 'high')
    }
    await assertNoSidewaysScroll(s.page, 'the chat first paint')
  } finally {
    await s.close()
  }
})

// On a phone and on a desktop, whose first paint lays the conversation out
// as the app's desktop chat does.
for (const [screen, size] of [['phone', PHONE], ['desktop', DESKTOP]]) test(`the app takes over the conversation on a ${screen} without asking messages.php and without moving it`, async () => {
  const bare = await open(HOST, { locale: 'en', ...size, javaScript: false })
  const s = await open(HOST, { locale: 'en', ...size })
  try {
    const thread = await demoConversation(s)
    await demoConversation(bare)
    const path = `/chats/${thread.conversation.id}`
    await bare.page.goto(site(HOST) + path, { waitUntil: 'domcontentloaded' })
    const painted = await bottomOfLast(bare.page, '[data-first-paint-message]')
    const paintedComposer = Math.round((await bare.page.locator('.fp-comp').boundingBox()).y)

    const asked = []
    s.page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/messages.php') asked.push(r.method())
    })
    await s.goto(path)
    await s.page.getByTestId('chat-conversation').waitFor()
    assert.equal(await s.page.getByTestId('chat-message').count(), thread.messages.length)
    assert.deepEqual(asked, [], 'the app asked messages.php for the conversation the page carried')
    assert.match(await s.page.getByTestId('chat-profile-name').innerText(), new RegExp(thread.profile.name))
    const app = await bottomOfLast(s.page, '[data-testid="chat-message"]')
    assert.ok(Math.abs(app - painted) <= 8, `the last message moved from ${painted}px to ${app}px when the app took over`)
    const appComposer = Math.round((await s.page.getByTestId('chat-composer').boundingBox()).y)
    assert.ok(Math.abs(appComposer - paintedComposer) <= 8, `the composer moved from ${paintedComposer}px to ${appComposer}px when the app took over`)
    const left = async (page, selector) => Math.round((await page.locator(selector).last().boundingBox()).x)
    const paintedLeft = await left(bare.page, '[data-first-paint-message]')
    const appLeft = await left(s.page, '[data-testid="chat-message"]')
    assert.ok(Math.abs(appLeft - paintedLeft) <= 8, `the last message moved sideways from ${paintedLeft}px to ${appLeft}px when the app took over`)
  } finally {
    await s.close()
    await bare.close()
  }
})
