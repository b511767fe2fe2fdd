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

// The first paint's CSS (engine/webapp/firstpaintchat.go) copies the styles
// of four of the app's components: the top bar (ChatTopBar.tsx), the layout
// (ChatLayout.tsx), the message list (MessageList.tsx) and the composer
// (Composer.tsx). On a phone each painted part must look as the app's part
// that takes its place: the same computed colours, sizes, spacing and
// corners, in the same place on screen. A change to one side alone fails
// here.
const PARTS = [
  ['top bar', 'header.fp-bar', '[data-testid="site-header"]', ['background-color', 'color'], ['y', 'height']],
  ['back arrow', '.fp-back', '[data-testid="chat-back"]', ['width', 'height'], ['x', 'y', 'width', 'height']],
  ['avatar', '.fp-av', '[data-testid="chat-profile-link"] > span:first-child', ['width', 'height', 'border-top-left-radius', 'font-weight'], ['x', 'y', 'width', 'height']],
  ['partner', '.fp-who > span:last-child', '[data-testid="chat-profile-name"]', ['font-size', 'font-weight', 'color'], ['x']],
  ['message list', '.fp-log ol', '[data-testid="chat-messages"] > ol', ['padding-top', 'padding-left', 'row-gap'], ['x', 'width']],
  ['composer', '.fp-comp', '[data-testid="chat-composer"]', ['padding-top', 'padding-left', 'border-top-width', 'border-top-color', 'background-color'], ['x', 'y', 'width', 'height']],
  ['composer tool', '.fp-tool', '[data-testid="chat-more"]', ['width', 'height', 'border-top-left-radius', 'border-top-color', 'background-color'], ['x', 'y', 'width', 'height']],
  ['message field', '.fp-area', '[data-testid="chat-input"]', ['border-top-left-radius', 'border-top-color', 'background-color', 'padding-left'], ['x', 'y', 'width', 'height']],
  ['send button', '.fp-send', '[data-testid="chat-send"]', ['background-color', 'color', 'border-top-left-radius', 'border-top-width', 'border-top-color', 'opacity'], ['x', 'y', 'width', 'height']],
  ['price line', '.fp-info', '[data-testid="chat-cost"]', ['font-size', 'color'], ['y']],
]

// Each message bubble: the same styles for the member's own and the
// partner's, on the same side.
const BUBBLE = ['padding-top', 'padding-left', 'border-top-left-radius', 'background-color', 'color', 'border-top-width', 'max-width', 'font-size']

/** look answers the computed styles props and the rounded box of every element matching selector. */
const look = (page, selector, props) =>
  page.locator(selector).evaluateAll(
    (els, props) =>
      els.map((el) => {
        const s = getComputedStyle(el)
        const r = el.getBoundingClientRect()
        return { styles: Object.fromEntries(props.map((p) => [p, s.getPropertyValue(p)])), box: { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height), right: Math.round(r.right) } }
      }),
    props,
  )

/** differences lists where painted and app differ: styles exactly, box edges within 2px. */
function differences(what, painted, app, edges) {
  const out = []
  for (const [p, v] of Object.entries(painted.styles)) if (app.styles[p] !== v) out.push(`${what}: ${p} is ${v} in the first paint, ${app.styles[p]} in the app`)
  for (const e of edges) if (Math.abs(painted.box[e] - app.box[e]) > 2) out.push(`${what}: ${e} is ${painted.box[e]}px in the first paint, ${app.box[e]}px in the app`)
  return out
}

test('on a phone each part of the first paint looks as the app part that replaces it', async () => {
  const bare = await open(HOST, { locale: 'en', ...PHONE, javaScript: false })
  const s = await open(HOST, { locale: 'en', ...PHONE })
  try {
    const thread = await demoConversation(s)
    await demoConversation(bare)
    const path = `/chats/${thread.conversation.id}`
    await bare.page.goto(site(HOST) + path, { waitUntil: 'domcontentloaded' })
    await bare.page.locator('[data-first-paint-chat]').waitFor()
    await s.goto(path)
    await s.page.getByTestId('chat-composer').waitFor()
    assert.equal(await s.page.getByTestId('chat-message').count(), thread.messages.length)

    const found = []
    for (const [what, paintSel, appSel, props, edges] of PARTS) {
      const [painted] = await look(bare.page, paintSel, props)
      const [app] = await look(s.page, appSel, props)
      assert.ok(painted, `the first paint has no ${what} (${paintSel})`)
      assert.ok(app, `the app has no ${what} (${appSel})`)
      found.push(...differences(what, painted, app, edges))
    }
    const painted = await look(bare.page, '[data-first-paint-message]', BUBBLE)
    const app = await look(s.page, '[data-testid="chat-message"]', BUBBLE)
    assert.equal(painted.length, app.length)
    thread.messages.forEach((m, i) => {
      // A bubble is as wide as its text and its time, which the first paint
      // leaves out: its outer edge and its top line up.
      found.push(...differences(`message ${i}`, painted[i], app[i], [m.from_me ? 'right' : 'x']))
    })
    assert.deepEqual(found, [], found.join('\n'))
  } finally {
    await s.close()
    await bare.close()
  }
})
