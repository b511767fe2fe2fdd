// The chat's composer on a phone (390x844), as phone chat apps lay it out:
// the text box takes the row, the gift and the photo wait behind one '+'
// button, the send button is an icon with a name, and the price of the next
// message is on screen before it is sent. A member whose balance cannot pay
// is offered the credit packages in the composer instead of a failed
// message, and what they wrote stays, per conversation, across reloads.
// Herzklopfen: 3 free messages, then 12 credits a message (60 at signup).
// LustLokaal: no free messages, 10 credits a message (50 at signup).
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { test } from 'node:test'
import { assertFullyVisible, assertNoSidewaysScroll, call, open, PHONE, site } from './lib.mjs'

const shots = new URL('./screenshots/', import.meta.url).pathname
mkdirSync(shots, { recursive: true })

/** box is an element's bounding box, rounded. */
async function box(locator) {
  const b = await locator.boundingBox()
  assert.ok(b, 'the element is on screen')
  return { x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height) }
}

/** signup makes a fresh member on the page's brand, through the page (Node does not resolve *.localhost). */
async function signup(s, name) {
  const email = `composer-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`
  const res = await call(s, 'POST', '/api/signup.php', { orientation_consent: true, email, name, date_of_birth: '1990-01-01', password: 'secret-password-1', gender: 'male', seeking: 'female' })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body.user
}

/** houseProfile is the skip-th profile with a photo of the brand's pool. */
async function houseProfile(s, skip) {
  const res = await call(s, 'GET', '/api/members.php?per_page=10')
  assert.equal(res.status, 200)
  const p = res.body.profiles.filter((x) => x.main_image)[skip]
  assert.ok(p, 'the demo pool has profiles with photos')
  return p
}

/** sendByApi sends a text from the page's member and answers the send's answer. */
async function sendByApi(s, profileId, text) {
  const res = await call(s, 'POST', '/api/messages.php', { profile_id: profileId, text, client_id: `cc-${Date.now()}-${Math.random().toString(36).slice(2)}` })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body
}

test('on a phone the text box takes the row, + opens gift and photo, and the price shows before a send', async () => {
  const host = 'herzklopfen.localhost'
  const s = await open(host, { locale: 'en', ...PHONE })
  try {
    await s.page.goto(site(host) + '/')
    await signup(s, 'Composer')
    const her = await houseProfile(s, 0)
    await s.goto(`/members/${her.id}/chat`)
    const composer = s.page.getByTestId('chat-composer')
    await composer.waitFor()

    // The text box takes at least 70% of the row, and its placeholder fits on one line.
    const input = composer.getByRole('textbox', { name: 'Your message', exact: true })
    const field = await box(input)
    assert.ok(field.width >= 0.7 * PHONE.width, `the text box is ${field.width}px wide, less than 70% of ${PHONE.width}px`)
    const fits = await input.evaluate((el) => {
      const cs = getComputedStyle(el)
      const ctx = document.createElement('canvas').getContext('2d')
      ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`
      const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight)
      return { text: ctx.measureText(el.placeholder).width, room }
    })
    assert.ok(fits.text <= fits.room, `the placeholder needs ${Math.round(fits.text)}px in ${Math.round(fits.room)}px`)

    // Gift and photo are behind one '+' button, which tells whether it is open.
    const more = composer.getByRole('button', { name: 'Add a gift or a photo', exact: true })
    assert.equal(await more.getAttribute('aria-expanded'), 'false')
    assert.equal(await composer.getByRole('button', { name: 'Send a gift', exact: true }).count(), 0, 'the gift button waits behind +')
    await more.click()
    assert.equal(await more.getAttribute('aria-expanded'), 'true')
    await assertFullyVisible(composer.getByRole('button', { name: 'Send a gift', exact: true }), 'the gift button')
    await assertFullyVisible(composer.getByRole('button', { name: 'Send a photo', exact: true }), 'the photo button')
    await more.click()
    assert.equal(await composer.getByRole('button', { name: 'Send a gift', exact: true }).count(), 0, '+ closes again')

    // The send button is an icon with a name, a finger's size, on the text box's row.
    const send = composer.getByRole('button', { name: 'Send', exact: true })
    await assertFullyVisible(send, 'the send button')
    const button = await box(send)
    assert.ok(button.width >= 44 && button.height >= 44, `the send button is ${button.width}x${button.height}`)
    assert.equal((await send.innerText()).trim(), '', 'the send button is an icon')
    assert.ok(button.y + button.height <= field.y + field.height + 1 && button.y >= field.y - 1, 'the send button is on the text box row')

    // Before a send the member sees what it costs: the free messages first, then credits.
    const cost = s.page.getByTestId('chat-cost')
    await cost.getByText('This message is free. You have 3 free messages left.').waitFor()
    for (let i = 1; i <= 3; i++) {
      const before = await s.page.getByTestId('chat-message').count()
      const sent = s.page.waitForResponse((r) => r.url().includes('/api/messages.php') && r.request().method() === 'POST')
      await input.fill(`Free message ${i}`)
      await send.click()
      assert.equal((await sent).status(), 201)
      await s.page.getByTestId('chat-message').nth(before).waitFor()
    }
    await cost.getByText('A message costs 12 credits. You have 60 credits.').waitFor()
    await assertNoSidewaysScroll(s.page, 'the chat')
    await input.fill('Hallo! Wie war dein Wochenende?')
    await s.page.screenshot({ path: `${shots}chat-composer-phone.png` })
  } finally {
    await s.close()
  }
})

test('with no credits and no free messages the composer offers the credit packages and keeps the draft', async () => {
  const host = 'localhost'
  const s = await open(host, { locale: 'en', ...PHONE })
  try {
    await s.page.goto(site(host) + '/')
    const me = await signup(s, 'Broke')
    assert.equal(me.credits, 50)
    const her = await houseProfile(s, 3)
    const other = await houseProfile(s, 4)
    let last
    for (let i = 1; i <= 5; i++) last = await sendByApi(s, her.id, `Paid message ${i}`)
    assert.equal(last.credits, 0)
    assert.equal(last.free_messages_left, 0)

    const posts = []
    s.page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/messages.php') posts.push(r.url())
    })
    await s.goto(`/members/${her.id}/chat`)
    const composer = s.page.getByTestId('chat-composer')
    await composer.waitFor()
    await s.page.getByTestId('chat-cost').getByText('A message costs 10 credits. You have 0 credits.').waitFor()

    // Opening the chat shows the price and the balance, and nothing in the way.
    const offer = composer.getByRole('region', { name: 'Buy credits to send your message', exact: true })
    assert.equal(await offer.count(), 0, 'no offer before the member writes')

    // The member writes: the send button stays off, the composer offers the
    // packages, each one tap from its checkout, and Enter sends nothing.
    const input = composer.getByRole('textbox', { name: 'Your message', exact: true })
    const draft = `Are you there? ${Date.now()}`
    await input.fill(draft)
    await offer.waitFor()
    const send = composer.getByRole('button', { name: 'Send', exact: true })
    assert.ok(await send.isDisabled(), 'the send button is off while the balance cannot pay')
    const packages = offer.getByTestId('chat-credit-package')
    await packages.first().waitFor()
    const count = await packages.count()
    assert.ok(count >= 1, 'at least one package is offered')
    for (let i = 0; i < count; i++) {
      assert.match(await packages.nth(i).getAttribute('href'), /^\/credits\/[^/]+$/, 'a package leads to its checkout')
      await assertFullyVisible(packages.nth(i), `package ${i}`)
    }
    await assertFullyVisible(input, 'the text box under the offer')
    await assertNoSidewaysScroll(s.page, 'the chat with the credit offer')
    await input.press('Enter')
    assert.equal(await input.inputValue(), draft, 'Enter keeps the text')
    assert.deepEqual(posts, [], 'nothing was sent')
    assert.equal(await s.page.getByTestId('chat-pending').count(), 0, 'no failed message')
    await s.page.screenshot({ path: `${shots}chat-composer-credits-phone.png` })

    // The draft stays with its conversation, across a reload, and only there.
    const loaded = s.page.waitForResponse((r) => r.url().includes('/api/messages.php') && r.request().method() === 'GET')
    await s.page.reload()
    await loaded
    await s.page.getByTestId('chat-composer').waitFor()
    assert.equal(await input.inputValue(), draft, 'the draft is back after a reload')
    await s.goto(`/members/${other.id}/chat`)
    await s.page.getByTestId('chat-composer').waitFor()
    assert.equal(await input.inputValue(), '', 'another conversation has its own draft')
    await s.goto(`/members/${her.id}/chat`)
    await s.page.getByTestId('chat-composer').waitFor()
    assert.equal(await input.inputValue(), draft, 'the draft waits in its conversation')

    // One tap on a package opens its checkout.
    const href = await packages.first().getAttribute('href')
    await packages.first().click()
    await s.page.waitForURL((u) => u.pathname === href)
  } finally {
    await s.close()
  }
})
