// One interruption at a time: the banners, modals and pop-ups of the member
// site go through one queue (age gate, e-mail confirmation, offers, likes),
// at most one modal and one banner show, and none covers a form being edited.
// LustLokaal: signup_credits 50, message_credits 10.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { assertNoSidewaysScroll, open, PHONE, signupMember, site } from './lib.mjs'

const HOST = 'localhost'
const api = (path) => site(HOST) + path

/** visibleCounts counts the modals, banners and pop-ups a member can see now. */
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
      popups: count('[data-testid=new-like-popup]'),
    }
  })

/** waitsInQueue waits until the queue holds id back (it wants to show and may not yet). */
const waitsInQueue = (page, id) =>
  page.waitForFunction((i) => (document.documentElement.dataset.interruptionsDeferred ?? '').split(' ').includes(i), id, { timeout: 20_000 })

test('right after signup on a phone: one modal (confirm your e-mail) and one banner; the like pop-up waits its turn', async () => {
  const s = await open(HOST, { country: 'NL', locale: 'en', ...PHONE })
  try {
    await s.goto('/pages/faq')
    await signupMember(s, { name: 'Queuetester', prefix: 'queue' })
    await s.goto('/members?api_signup_complete=1')
    const modal = s.page.getByTestId('activation-modal')
    await modal.waitFor()
    // A house profile likes every new member: the like arrives and waits behind the modal.
    await waitsInQueue(s.page, 'newLike')
    assert.deepEqual(await visibleCounts(s.page), { modals: 1, banners: 1, popups: 0 })
    await s.page.getByTestId('alert-timeBonus').waitFor()
    await assertNoSidewaysScroll(s.page, 'the first screen after signup')
    // The e-mail confirmation goes: the like shows, still one banner.
    await modal.getByRole('button', { name: 'Close' }).click()
    await s.page.getByTestId('new-like-popup').waitFor()
    assert.deepEqual(await visibleCounts(s.page), { modals: 0, banners: 1, popups: 1 })
    // Dismissing a banner brings the next one.
    await s.page.getByTestId('alert-timeBonus').getByRole('button', { name: 'Dismiss' }).click()
    await s.page.getByTestId('alert-profilePhoto').waitFor()
    assert.equal((await visibleCounts(s.page)).banners, 1)
  } finally {
    await s.close()
  }
})

test('the bonus modal does not interrupt profile editing: it waits until the profile is saved', async () => {
  const s = await open(HOST, { locale: 'en', ...PHONE })
  try {
    await s.goto('/pages/faq')
    await signupMember(s, { name: 'Editwriter', prefix: 'queue' })
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
    await form.getByTestId('profile-save').click()
    await s.page.getByTestId('time-bonus-modal').waitFor()
    const me = await (await s.page.request.get(api('/api/user.php'), { headers: { 'X-Request-Type': 'client' } })).json()
    assert.equal(me.user.profile.name, 'Editwriter Two')
    assert.equal(me.user.credits, 0)
  } finally {
    await s.close()
  }
})
