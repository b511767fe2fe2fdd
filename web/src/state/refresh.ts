import type { Api } from '../api/calls'
import type { AppStore } from './store'
import { loggedOut } from './store'

/** A Refresher loads one area of the member's data into the store. */
export type Refresher = (api: Api, store: AppStore) => Promise<void>

export const refreshUser: Refresher = async (api, store) => {
  const user = await api.currentUser()
  if (user) store.set({ user })
  else if (store.get().user) store.set(loggedOut())
}

export const refreshChats: Refresher = async (api, store) => {
  const chats = await api.chats()
  if (chats !== false) store.set({ chats: chats ?? [], unreadTotal: null })
}

export const refreshLikes: Refresher = async (api, store) => {
  const likes = await api.likes()
  if (likes !== false)
    store.set({ likes: { profiles: likes?.profiles ?? [], liked_by: likes?.liked_by ?? [], new_likes: likes?.new_likes } })
}

/** refreshers are what polling loads; pushed messages reload those marked onPush. */
export const refreshers: { name: string; run: Refresher; onPush: boolean }[] = [
  { name: 'user', run: refreshUser, onPush: false },
  { name: 'chats', run: refreshChats, onPush: true },
  { name: 'likes', run: refreshLikes, onPush: true },
]

export async function refreshAll(api: Api, store: AppStore, onlyPush = false): Promise<void> {
  await Promise.allSettled(refreshers.filter((r) => !onlyPush || r.onPush).map((r) => r.run(api, store)))
}

/** refreshNamed reloads one area (e.g. likes after an auto-like) when it is registered. */
export async function refreshNamed(name: string, api: Api, store: AppStore): Promise<void> {
  await Promise.allSettled(refreshers.filter((r) => r.name === name).map((r) => r.run(api, store)))
}

/** AUTO_LIKE_RELOAD_MS: the likes reload this long after an auto-like. */
export const AUTO_LIKE_RELOAD_MS = 500

/**
 * refreshPage is the page refresh the polling runs: the loader runs while
 * every area loads; when one fails, the loader is marked failed with that
 * error and the error page shows. A failed page is not refreshed again until
 * the member leaves it (store.ts's resetFailedLoader).
 */
export async function refreshPage(api: Api, store: AppStore): Promise<void> {
  if (store.get().loader.state === 'failed') return
  store.set({ loader: { state: 'loading' } })
  const results = await Promise.allSettled(refreshers.map((r) => r.run(api, store)))
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  store.set({ loader: failed ? { state: 'failed', error: failed.reason } : { state: 'idle' } })
}
