import { describe, expect, it, vi } from 'vitest'
import { createApi } from '../api/calls'
import { createClient } from '../api/http'
import type { ChatEntry } from '../boot/types'
import { boot, user } from '../test/fixtures'
import { clearNewLike, markConversationRead, removeChat } from './member'
import { createStore, initialState, type AppState } from './store'
import { createToasts } from './toasts'

const chat = (id: number, unread: number): ChatEntry => ({
  conversation: { id },
  profile: { id: id * 10, name: `p${id}`, main_image: null },
  num_unread_messages: unread,
})

function setup(deleteStatus: number) {
  const store = createStore<AppState>({ ...initialState(boot({ user: user() })), chats: [chat(1, 2), chat(2, 5)] })
  const answer = (url: string, init?: RequestInit) => {
    if (url === '/api/chat.php' && init?.method === 'DELETE')
      return new Response(deleteStatus === 204 ? null : JSON.stringify({ error: 'nope', message: 'Cannot remove' }), { status: deleteStatus })
    if (url === '/api/chats.php') return new Response(JSON.stringify([chat(1, 2), chat(2, 5)]), { status: 200 })
    return new Response('{}', { status: 404 })
  }
  const fetch = vi.fn((url: string, init?: RequestInit) => Promise.resolve(answer(url, init)))
  const api = createApi(createClient({ fetch: fetch as unknown as typeof globalThis.fetch, sleep: async () => {} }))
  return { store, api, fetch, toasts: createToasts() }
}

describe('member actions', () => {
  it('opening a conversation sets its unread count to 0', () => {
    const { store } = setup(204)
    markConversationRead(store, 2)
    expect(store.get().chats.map((c) => c.num_unread_messages)).toEqual([2, 0])
  })

  it("opening a profile clears that profile's new-like flag", () => {
    const { store } = setup(204)
    store.set({ likes: { profiles: [], liked_by: [{ id: 4, like_new: true }, { id: 5, like_new: true }] } })
    clearNewLike(store, 5)
    expect(store.get().likes.liked_by).toEqual([{ id: 4, like_new: true }, { id: 5, like_new: false }])
  })

  it('removes a chat at once and then on the server', async () => {
    const { store, api, fetch, toasts } = setup(204)
    const done = removeChat(api, store, toasts, 1)
    expect(store.get().chats.map((c) => c.conversation.id)).toEqual([2])
    await expect(done).resolves.toBe(true)
    const call = fetch.mock.calls.find((c) => (c[1])?.method === 'DELETE')!
    expect(JSON.parse((call[1] as RequestInit).body as string)).toEqual({ conversation: { id: 1 } })
    expect(toasts.list()).toEqual([])
  })

  it('alerts the error and reloads the chats when the removal fails', async () => {
    const { store, api, toasts } = setup(409)
    await expect(removeChat(api, store, toasts, 1)).resolves.toBe(false)
    expect(toasts.list()).toMatchObject([{ key: 'errors.message', values: { message: 'Cannot remove' }, tone: 'danger' }])
    expect(store.get().chats.map((c) => c.conversation.id)).toEqual([1, 2])
  })
})
