import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { boot, user } from '../../test/fixtures'
import { jsonResponse, renderApp } from '../../test/render'

const profile = { id: 21, name: 'Eva', main_image: null, fictional: false }
const thread = {
  conversation: { id: 3 },
  profile,
  messages: [
    { id: 1, conversation_id: 3, sender_id: 21, from_me: false, kind: 'text', text: 'Hi there', gift: null, photo: null, credits: 0, created_at: '2026-01-01T10:00:00Z' },
  ],
  older_hidden: true,
  older_hidden_text: 'Older messages are no longer visible',
  blocked: false,
}

/** api answers the conversation calls; sends answers POST messages.php in turn. */
function api(sends: Array<(body: Record<string, unknown>) => Response>) {
  const bodies: Array<Record<string, unknown>> = []
  const handler = (url: string, init: RequestInit) => {
    if (url.startsWith('/api/messages.php') && init.method === 'POST') {
      const body = JSON.parse(init.body as string) as Record<string, unknown>
      bodies.push(body)
      const next = sends.length > 1 ? sends.shift()! : sends[0]
      return next(body)
    }
    if (url.startsWith('/api/messages.php')) return jsonResponse(200, thread)
    if (url.startsWith('/api/gifts.php')) return jsonResponse(200, [{ id: 'rose', name: 'Rose', icon: 'rose', credits: 25 }])
    if (url.startsWith('/api/chats.php')) return jsonResponse(200, [{ conversation: { id: 3 }, profile, num_unread_messages: 2 }])
    return jsonResponse(404, { error: 'not_found', message: 'This page could not be found' })
  }
  return { handler, bodies }
}

const sent = (body: Record<string, unknown>) =>
  jsonResponse(201, {
    message: { id: 2, conversation_id: 3, sender_id: 7, from_me: true, kind: 'text', text: body.text, gift: null, photo: null, credits: 10, client_id: body.client_id, created_at: '2026-01-01T10:01:00Z' },
    credits: 40,
  })

async function write(text: string) {
  const input = await screen.findByTestId('chat-input')
  fireEvent.change(input, { target: { value: text } })
  fireEvent.click(screen.getByTestId('chat-send'))
}

afterEach(() => {
  cleanup()
  // A draft the composer kept would greet the next test.
  localStorage.clear()
  vi.restoreAllMocks()
})

describe('a conversation', () => {
  it('shows the messages with the older-messages notice, the counter and the price', async () => {
    const { handler } = api([sent])
    await renderApp(boot({ user: user({ credits: 50 }) }), '/chats/3', handler)
    expect(await screen.findByText('Hi there')).toBeTruthy()
    expect(screen.getByTestId('chat-older-hidden').textContent).toBe('Older messages are no longer visible')
    expect(screen.getByTestId('chat-cost').textContent).toContain('A message costs 10 credits. You have 50 credits.')
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'Hello' } })
    expect(screen.getByTestId('chat-counter').textContent).toBe('5 / 1000 characters')
  })

  it('sends, and takes the new balance', async () => {
    const { handler, bodies } = api([sent])
    const { services } = await renderApp(boot({ user: user({ credits: 50 }) }), '/chats/3', handler)
    await write('Hello Eva')
    expect(await screen.findByText('Hello Eva')).toBeTruthy()
    await waitFor(() => expect(services.store.get().user?.credits).toBe(40))
    expect(bodies[0]).toMatchObject({ conversation: { id: 3 }, text: 'Hello Eva' })
    expect(String(bodies[0].client_id)).toMatch(/^[0-9a-f-]{36}$/)
  })

  it("labels only the member's own messages as sent", async () => {
    const { handler } = api([sent])
    await renderApp(boot({ user: user({ credits: 50 }) }), '/chats/3', handler)
    await write('Hello Eva')
    await screen.findByText('Hello Eva')
    const [incoming, own] = screen.getAllByTestId('chat-message')
    expect(incoming.dataset.mine).toBe('false')
    expect(incoming.querySelector('time')!.textContent).not.toMatch(/sent/i)
    expect(incoming.querySelector('time')!.textContent).not.toBe('')
    expect(own.dataset.mine).toBe('true')
    expect(own.querySelector('time')!.textContent).toMatch(/^Sent /)
  })

  it('retries a failed send with the same client_id', async () => {
    const down = () => jsonResponse(503, { error: 'unavailable', message: 'down' })
    const { handler, bodies } = api([down, down, down, down, down, down, sent])
    await renderApp(boot({ user: user() }), '/chats/3', handler)
    await write('Are you there?')
    fireEvent.click(await screen.findByTestId('chat-retry'))
    await waitFor(() => expect(screen.queryByTestId('chat-pending')).toBeNull())
    expect(bodies).toHaveLength(7)
    expect(new Set(bodies.map((b) => b.client_id)).size).toBe(1)
  })

  it('puts a text the balance cannot pay back in the composer, which offers credits: no failed message, no premium', async () => {
    const broke = () => jsonResponse(402, { error: 'not_enough_credits', message: 'x', name: 'Eva', price: 10, credits: 0 })
    const { handler } = api([broke])
    const { services } = await renderApp(boot({ user: user({ credits: 50 }) }), '/chats/3', handler)
    await write('Hello')
    await screen.findByTestId('chat-credit-offer')
    await waitFor(() => expect(screen.getByTestId<HTMLTextAreaElement>('chat-input').value).toBe('Hello'))
    expect(services.store.get().user?.credits).toBe(0)
    expect(screen.queryByTestId('chat-pending')).toBeNull()
    expect(screen.queryByTestId('send-prompt')).toBeNull()
    expect(screen.getByTestId<HTMLButtonElement>('chat-send').disabled).toBe(true)
    expect(screen.getByRole('link', { name: 'All packages' }).getAttribute('href')).toBe('/credits')
  })

  it('tells the free messages left before a send, and takes the count the send answers', async () => {
    const { handler } = api([
      (body) =>
        jsonResponse(201, {
          message: { id: 2, conversation_id: 3, sender_id: 7, from_me: true, kind: 'text', text: body.text, gift: null, photo: null, credits: 0, client_id: body.client_id, created_at: '2026-01-01T10:01:00Z' },
          credits: 0,
          free_messages_left: 0,
        }),
    ])
    const withFree = (url: string, init: RequestInit) =>
      url.startsWith('/api/messages.php') && init.method !== 'POST' ? jsonResponse(200, { ...thread, free_messages_left: 1 }) : handler(url, init)
    await renderApp(boot({ user: user({ credits: 0 }) }), '/chats/3', withFree)
    await waitFor(() => expect(screen.getByTestId('chat-cost').textContent).toBe('This message is free. You have 1 free message left.'))
    expect(screen.queryByTestId('chat-credit-offer')).toBeNull()
    await write('Hello')
    await waitFor(() => expect(screen.getByTestId('chat-cost').textContent).toContain('A message costs 10 credits. You have 0 credits.'))
    expect(screen.queryByTestId('chat-credit-offer')).toBeNull()
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'And another' } })
    await screen.findByTestId('chat-credit-offer')
  })

  it('opens the premium prompt for a premium-only feature', async () => {
    const { handler } = api([() => jsonResponse(403, { error: 'premium_only', message: 'This feature is only available for premium members.' })])
    await renderApp(boot({ user: user() }), '/chats/3', handler)
    await write('Hello')
    const prompt = await screen.findByTestId('send-prompt')
    expect(prompt.textContent).toContain('This feature is only available for premium members.')
  })

  it('opens the gift picker when a profile sent the member here to give a gift', async () => {
    const { handler } = api([sent])
    await renderApp(boot({ user: user({ credits: 50 }) }), '/chats/3?gift=rose', handler)
    expect(await screen.findByRole('dialog')).toBeTruthy()
  })

  it('sends a gift only after the member confirms the gift and its price', async () => {
    const gift = (body: Record<string, unknown>) =>
      jsonResponse(201, {
        message: { id: 2, conversation_id: 3, sender_id: 7, from_me: true, kind: 'gift', text: '', gift: { id: 'rose', name: 'Rose', icon: 'rose', credits: 25 }, photo: null, credits: 25, client_id: body.client_id, created_at: '2026-01-01T10:01:00Z' },
        credits: 25,
      })
    const { handler, bodies } = api([gift])
    await renderApp(boot({ user: user({ credits: 50 }) }), '/chats/3', handler)
    fireEvent.click(await screen.findByTestId('chat-more'))
    fireEvent.click(await screen.findByTestId('chat-gift'))
    fireEvent.click(await screen.findByTestId('gift-choice'))
    expect(screen.getByTestId('gift-confirm').textContent).toContain('Send Rose to Eva for 25 credits?')
    fireEvent.click(screen.getByTestId('gift-back'))
    expect(screen.queryByTestId('gift-confirm')).toBeNull()
    fireEvent.click(await screen.findByTestId('gift-choice'))
    expect(bodies).toEqual([])
    fireEvent.click(screen.getByTestId('gift-send'))
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).toMatchObject({ gift_id: 'rose' })
  })

  it('previews a picked photo with its price and sends nothing until the member confirms', async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:photo')
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    const { handler } = api([sent])
    await renderApp(boot({ user: user({ credits: 50 }) }), '/chats/3', handler)
    const pick = async () => fireEvent.change(await screen.findByTestId('chat-photo-input'), { target: { files: [new File(['x'], 'me.jpg', { type: 'image/jpeg' })] } })
    await pick()
    expect((await screen.findByTestId('photo-confirm-preview')).getAttribute('src')).toBe('blob:photo')
    expect(screen.getByTestId('photo-confirm-cost').textContent).toBe('Sending a photo to Eva costs 15 credits.')
    expect(screen.queryByTestId('chat-pending')).toBeNull()
    fireEvent.click(screen.getByTestId('photo-confirm-cancel'))
    await waitFor(() => expect(screen.queryByTestId('photo-confirm')).toBeNull())
    expect(revoked).toHaveBeenCalledWith('blob:photo')
    expect(screen.queryByTestId('chat-pending')).toBeNull()
    await pick()
    fireEvent.click(await screen.findByTestId('photo-confirm-send'))
    expect(await screen.findByTestId('chat-pending')).toBeTruthy()
    expect(created).toHaveBeenCalledTimes(2)
  })
})

describe('the conversation list beside a conversation', () => {
  const screenWidth = (phone: boolean) =>
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: phone && query.includes('max-width'), media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }))
  afterEach(() => vi.unstubAllGlobals())

  it('is left out on a phone, which shows the conversation alone', async () => {
    screenWidth(true)
    const { handler } = api([sent])
    const { services } = await renderApp(boot({ user: user({ credits: 50 }) }), '/chats/3', handler)
    expect(await screen.findByText('Hi there')).toBeTruthy()
    await waitFor(() => expect(services.store.get().chats).toHaveLength(1))
    expect(screen.queryByTestId('chat-entry')).toBeNull()
  })

  it('is shown beside it on a wider screen', async () => {
    screenWidth(false)
    const { handler } = api([sent])
    await renderApp(boot({ user: user({ credits: 50 }) }), '/chats/3', handler)
    expect(await screen.findByText('Hi there')).toBeTruthy()
    expect(await screen.findByTestId('chat-entry')).toBeTruthy()
  })
})
