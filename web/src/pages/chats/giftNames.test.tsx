import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { boot, user } from '../../test/fixtures'
import { jsonResponse, renderApp } from '../../test/render'

// The tenant files name gifts in English (Rose, Kiss); a Dutch or German
// brand names them in its own language, in the picker, the confirm dialog and
// the sent message, and draws their icons as SVG.
const profile = { id: 21, name: 'Eva', main_image: null, fictional: false }
const gifts = [
  { id: 'rose', name: 'Rose', icon: 'rose', credits: 25 },
  { id: 'kiss', name: 'Kiss', icon: 'kiss', credits: 25 },
  { id: 'sunflower', name: 'Sunflower', icon: 'flower', credits: 10 },
]

function handler(url: string, init: RequestInit) {
  if (url.startsWith('/api/messages.php') && init.method === 'POST') {
    const body = JSON.parse(init.body as string) as Record<string, unknown>
    const gift = gifts.find((g) => g.id === body.gift_id)
    return jsonResponse(201, {
      message: { id: 2, conversation_id: 3, sender_id: 7, from_me: true, kind: 'gift', text: '', gift, photo: null, credits: 25, client_id: body.client_id, created_at: '2026-01-01T10:01:00Z' },
      credits: 25,
    })
  }
  if (url.startsWith('/api/messages.php')) return jsonResponse(200, { conversation: { id: 3 }, profile, messages: [], older_hidden: false, older_hidden_text: '', blocked: false })
  if (url.startsWith('/api/gifts.php')) return jsonResponse(200, gifts)
  if (url.startsWith('/api/chats.php')) return jsonResponse(200, [{ conversation: { id: 3 }, profile, num_unread_messages: 0 }])
  return jsonResponse(404, { error: 'not_found', message: 'This page could not be found' })
}

// The first render transforms the conversation's chunk: slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 })

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('gift names', () => {
  it.each([
    { locale: 'nl', locales: ['nl', 'en'], names: ['Roos', 'Kus', 'Sunflower'], confirm: 'Kus sturen naar Eva', sent: 'Cadeau: Kus' },
    { locale: 'de', locales: ['de', 'en'], names: ['Rose', 'Kuss', 'Sunflower'], confirm: 'Kuss für', sent: 'Geschenk: Kuss' },
  ])('are $locale in a $locale brand, with SVG icons', async ({ locale, locales, names, confirm, sent }) => {
    await renderApp(boot({ locale, locales, user: user({ credits: 50 }) }), '/chats/3', handler)
    fireEvent.click(await screen.findByTestId('chat-more', {}, { timeout: 15_000 }))
    fireEvent.click(await screen.findByTestId('chat-gift', {}, { timeout: 15_000 }))
    const choices = await screen.findAllByTestId('gift-choice', {}, { timeout: 15_000 })
    expect(choices.map((c) => within(c).getByText(/^[^0-9]+$/).textContent)).toEqual(names)
    for (const c of choices) expect(c.querySelector('svg[aria-hidden="true"]')).not.toBeNull()
    // The picker may render again when the thread arrives: click the choice that is shown.
    await waitFor(() => {
      fireEvent.click(screen.getAllByTestId('gift-choice')[1])
      expect(screen.getByTestId('gift-confirm')).toBeTruthy()
    }, { timeout: 15_000 })
    const dialog = screen.getByTestId('gift-confirm')
    expect(dialog.textContent).toContain(confirm)
    expect(dialog.textContent).not.toContain('Kiss')
    fireEvent.click(screen.getByTestId('gift-send'))
    expect(await screen.findByText(sent, {}, { timeout: 15_000 })).toBeTruthy()
  })
})
