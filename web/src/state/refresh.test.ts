import { describe, expect, it, vi } from 'vitest'
import { createApi } from '../api/calls'
import { createClient } from '../api/http'
import { boot, user } from '../test/fixtures'
import { createStore, initialState, resetFailedLoader, type AppState } from './store'
import { refreshAll, refreshPage } from './refresh'

function setup(routes: Record<string, () => Response>) {
  const onAuth = vi.fn()
  const fetch = vi.fn((url: string) => Promise.resolve(routes[url.split('?')[0]]?.() ?? new Response('{}', { status: 404 })))
  const store = createStore<AppState>(initialState(boot({ user: user() })))
  const http = createClient({ fetch: fetch as unknown as typeof globalThis.fetch, sleep: async () => {}, onAuthRequired: onAuth })
  return { api: createApi(http), store, fetch }
}

const json = (body: unknown, status = 200) => () => new Response(JSON.stringify(body), { status })

describe('refresh', () => {
  it('loads the user, the chats and the likes', async () => {
    const chats = [{ conversation: { id: 3 }, profile: { id: 9, name: 'B', main_image: null }, num_unread_messages: 2 }]
    const { api, store } = setup({
      '/api/user.php': json({ user: user({ credits: 3 }) }),
      '/api/chats.php': json(chats),
      '/api/likes.php': json({ type: 'liked', profiles: [], liked_by: [{ id: 4, like_new: true }], matches: [] }),
    })
    await refreshAll(api, store)
    expect(store.get().user?.credits).toBe(3)
    expect(store.get().chats).toEqual(chats)
    expect(store.get().likes).toEqual({ profiles: [], liked_by: [{ id: 4, like_new: true }] })
  })

  it('drops the member when user.php answers null', async () => {
    const { api, store } = setup({ '/api/user.php': json({ user: null }), '/api/chats.php': json([]) })
    await refreshAll(api, store)
    expect(store.get().user).toBeNull()
  })

  it('reloads only chats and likes for a pushed message', async () => {
    const { api, store, fetch } = setup({ '/api/user.php': json({ user: user() }), '/api/chats.php': json([]) })
    await refreshAll(api, store, true)
    expect(fetch.mock.calls.map((c) => c[0]).sort()).toEqual(['/api/chats.php', '/api/likes.php'])
  })

  it('runs the loader while the page refreshes and leaves it idle when all areas load', async () => {
    const { api, store } = setup({
      '/api/user.php': json({ user: user() }),
      '/api/chats.php': json([]),
      '/api/likes.php': json({ profiles: [], liked_by: [] }),
    })
    const seen: string[] = []
    store.subscribe(() => seen.push(store.get().loader.state))
    await refreshPage(api, store)
    expect(seen[0]).toBe('loading')
    expect(store.get().loader).toEqual({ state: 'idle' })
  })

  it('marks the loader failed with the error of a failed page refresh, and refreshes no more until reset', async () => {
    const { api, store, fetch } = setup({
      '/api/user.php': json({ user: user() }),
      '/api/chats.php': json({ error: 'server_error', message: 'Chats are down' }, 500),
      '/api/likes.php': json({ profiles: [], liked_by: [] }),
    })
    await refreshPage(api, store)
    const loader = store.get().loader
    expect(loader.state).toBe('failed')
    expect(loader.state === 'failed' && (loader.error as Error).message).toBe('Chats are down')
    const calls = fetch.mock.calls.length
    await refreshPage(api, store)
    expect(fetch.mock.calls.length).toBe(calls)
    resetFailedLoader(store)
    expect(store.get().loader).toEqual({ state: 'idle' })
  })
})
