// Chat in the browser: two members chatting live (server-sent events), a
// free member running out of credits, gifts and photos, deleting a
// conversation. LustLokaal: signup_credits 50, message_credits 10 and no
// free messages, so a fresh member pays for 5 messages and the 6th cannot go.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { aHouseProfile, open, signupMember, site } from './lib.mjs'

const HOST = 'localhost'
const PASSWORD = 'demo-password'
const PREMIUM = 'premium@lustlokaal.example'

const api = (path) => site(HOST) + path

/** login starts a session in the browser context through the API. */
async function login(s, email, password = PASSWORD) {
  const res = await s.page.request.post(api('/api/user.php'), {
    headers: { 'X-Request-Type': 'client' },
    data: { email, password },
  })
  assert.equal(res.status(), 200, await res.text())
  return (await res.json()).user
}

async function write(page, text) {
  const before = await page.getByTestId('chat-message').count()
  await page.getByTestId('chat-input').fill(text)
  await page.getByTestId('chat-input').press('Enter')
  await page.getByTestId('chat-message').nth(before).waitFor()
  return before + 1
}

test('two members chat live, without reloading', async () => {
  const a = await open(HOST, { locale: 'en' })
  const b = await open(HOST, { locale: 'en' })
  try {
    const premium = await login(a, PREMIUM)
    await b.page.goto(api('/'))
    const fresh = await signupMember(b, { name: 'Livetester', prefix: 'chat' })

    // A watches the conversation list; its first poll (5 s) has passed, the next is 60 s away.
    const firstPoll = a.page.waitForResponse((r) => r.url().includes('/api/likes.php'), { timeout: 15_000 })
    await a.goto('/chats')
    await a.page.getByTestId('chats-page').waitFor()
    await firstPoll

    // B writes the first message to A.
    await b.goto(`/members/${premium.profile.id}/chat`)
    await b.page.getByTestId('chat-composer').waitFor()
    const text = `Hello from B ${Date.now()}`
    await write(b.page, text)

    // A's list shows it at once with an unread count, and the title counts it.
    const entry = a.page.getByTestId('chat-entry').filter({ hasText: 'Livetester' })
    await entry.getByTestId('chat-unread').waitFor({ timeout: 10_000 })
    await a.page.waitForFunction(() => /^\(\d+\) /.test(document.title))
    await entry.getByRole('link').click()
    await a.page.getByTestId('chat-messages').getByText(text).waitFor()
    await entry.getByTestId('chat-unread').waitFor({ state: 'detached' })

    // A answers; B's open conversation shows it without a reload.
    const reply = `Hi B, this is A ${Date.now()}`
    await write(a.page, reply)
    await b.page.getByTestId('chat-messages').getByText(reply).waitFor({ timeout: 10_000 })
    const last = b.page.getByTestId('chat-message').last()
    assert.equal(await last.getAttribute('data-mine'), 'false')
    assert.ok(fresh.id > 0)
  } finally {
    await a.close()
    await b.close()
  }
})

test('a free member pays each message until the credits run out, then is offered credits', async () => {
  const s = await open(HOST, { locale: 'en' })
  try {
    await s.page.goto(api('/'))
    const me = await signupMember(s, { name: 'Broketester', prefix: 'chat' })
    assert.equal(me.credits, 50)
    const her = await aHouseProfile(s)
    await s.goto(`/members/${her.id}/chat`)
    await s.page.getByTestId('chat-composer').waitFor()
    await s.page.getByTestId('chat-cost').getByText(/A message costs 10 credits\. You have 50 credits\./).waitFor()
    await s.page.getByTestId('chat-counter').getByText('0 / 1000 characters').waitFor()

    for (let i = 1; i <= 5; i++) await write(s.page, `Message number ${i}`)
    await s.page.getByTestId('chat-cost').getByText(/You have 0 credits\./).waitFor()

    // The sixth cannot go: the composer offers credits (every member pays in credits), not premium.
    await s.page.getByTestId('chat-input').fill('One more, please')
    await s.page.getByTestId('chat-credit-offer').waitFor()
    assert.ok(await s.page.getByTestId('chat-send').isDisabled(), 'the send button is off')
    assert.equal(await s.page.getByTestId('send-prompt').count(), 0, 'no premium prompt')
    assert.equal(await s.page.getByTestId('chat-message').count(), 5)
  } finally {
    await s.close()
  }
})

test('a premium member sends a gift and a photo', async () => {
  const s = await open(HOST, { locale: 'en' })
  try {
    const me = await login(s, PREMIUM)
    const her = await aHouseProfile(s, 1)
    await s.goto(`/members/${her.id}/chat`)
    await s.page.getByTestId('chat-composer').waitFor()

    // The gift picker (behind the composer's +) keeps the focus inside while open.
    await s.page.getByTestId('chat-more').click()
    await s.page.getByTestId('chat-gift').click()
    const picker = s.page.getByTestId('gift-picker')
    await picker.getByTestId('gift-choice').first().waitFor()
    for (const key of ['Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await s.page.keyboard.press(key)
      assert.ok(await picker.evaluate((el) => el.contains(document.activeElement)), `focus stays in the picker after ${key}`)
    }
    const gifts = await (await s.page.request.get(api('/api/gifts.php'))).json()
    const gift = gifts[0]
    const credits = async () => (await (await s.page.request.get(api('/api/user.php'), { headers: { 'X-Request-Type': 'client' } })).json()).user.credits
    // A tap chooses the gift; it is sent (and paid) only once confirmed with its price.
    await picker.locator(`[data-gift="${gift.id}"]`).click()
    const confirm = picker.getByTestId('gift-confirm')
    await confirm.waitFor()
    assert.match(await confirm.innerText(), new RegExp(`${gift.name}.*${gift.credits} credits`, 's'))
    assert.equal(await credits(), me.credits, 'nothing paid before the gift is confirmed')
    await picker.getByTestId('gift-send').click()
    await picker.waitFor({ state: 'detached' })
    await s.page.locator('[data-testid="chat-message"][data-kind="gift"]').getByText(gift.name).waitFor()

    // A photo: upload a demo photo's bytes through the file input.
    const img = await s.page.request.get(site(HOST) + her.main_image.url)
    assert.equal(img.status(), 200)
    await s.page.getByTestId('chat-photo-input').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await img.body() })
    // The picked photo is previewed with its price; it is sent only once confirmed.
    const preview = s.page.getByTestId('photo-confirm')
    await preview.getByTestId('photo-confirm-preview').waitFor()
    assert.ok(await preview.getByTestId('photo-confirm-preview').evaluate((el) => el.complete && el.naturalWidth > 0), 'the preview shows the photo')
    const beforePhoto = await credits()
    assert.equal(await s.page.locator('[data-testid="chat-message"][data-kind="photo"], [data-testid="chat-pending"]').count(), 0)
    await preview.getByTestId('photo-confirm-send').click()
    await preview.waitFor({ state: 'detached' })
    assert.ok(beforePhoto <= me.credits - gift.credits, 'the gift was paid after its confirmation')
    await s.page.locator('[data-testid="chat-message"][data-kind="photo"] img').waitFor({ timeout: 15_000 })

    // Both were paid for.
    const user = (await (await s.page.request.get(api('/api/user.php'), { headers: { 'X-Request-Type': 'client' } })).json()).user
    assert.ok(user.credits <= me.credits - gift.credits - 1, `credits went down from ${me.credits} to ${user.credits}`)
  } finally {
    await s.close()
  }
})

test('a member deletes a conversation', async () => {
  const s = await open(HOST, { locale: 'en' })
  try {
    await login(s, PREMIUM)
    const her = await aHouseProfile(s, 2)
    const sent = await s.page.request.post(api('/api/messages.php'), {
      data: { profile_id: her.id, text: 'Hello, to be deleted', client_id: `del-${Date.now()}` },
    })
    assert.ok([200, 201].includes(sent.status()), await sent.text())
    const { message } = await sent.json()

    await s.goto('/chats')
    const entry = s.page.locator(`[data-testid="chat-entry"][data-conversation="${message.conversation_id}"]`)
    await entry.waitFor()
    await entry.getByTestId('chat-delete').click()
    const dialog = s.page.getByTestId('chat-delete-dialog')
    // The list drops the entry at once and the deletion goes to the server
    // after: the reload waits for the server's answer, or it may come first.
    const deleted = s.page.waitForResponse((r) => r.url().includes('/api/chat.php') && r.request().method() === 'DELETE')
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await entry.waitFor({ state: 'detached' })
    assert.equal((await deleted).status(), 204)

    const loaded = s.page.waitForResponse((r) => r.url().includes('/api/chats.php'))
    await s.page.reload()
    await loaded
    await s.page.getByTestId('chats-page').waitFor()
    assert.equal(await entry.count(), 0)
  } finally {
    await s.close()
  }
})
