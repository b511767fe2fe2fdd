import type { Boot, Card, HomeCopy, ChatEntry, Likes, SearchResult, Settings, User } from '../boot/types'
import type { MemberProfile, Thread } from '../api/types'
import { mayHaveTimeBonus } from '../features/timebonus/offerWindow'
import type { TimeBonusOffer } from '../features/timebonus/timeBonus'

/** Push is the client's web-push state. */
export interface PushState {
  capability: boolean
  /** null unknown, false none, a subscription, or 'denied'. */
  subscription: PushSubscriptionJSON | false | 'denied' | null
  isSubscribed: boolean
  lastMessage: unknown
}

/**
 * Loader is the top loading bar of a page refresh: it runs while the refresh
 * loads and is marked failed, with the error the error page shows, when the
 * refresh fails.
 */
export type Loader = { state: 'idle' } | { state: 'loading' } | { state: 'failed'; error: unknown }

export interface AppState {
  tenant: Boot['tenant']
  company: Boot['company']
  locales: string[]
  country: string
  settings: Settings
  user: User | null
  locale: string
  chats: ChatEntry[]
  /**
   * unreadTotal is the boot state's unread-messages count, shown until the
   * chats load (then null: the chats' own counts are newer).
   */
  unreadTotal: number | null
  likes: Likes
  push: PushState
  /** pageTitle is the current page's title; the document title adds the site name. */
  pageTitle: string | null
  /** signup is the signup modal: open, and in progress (then it cannot be dismissed). */
  signup: { open: boolean; inProgress: boolean; profileId?: number }
  /**
   * timeBonus is the welcome time-bonus offer; isVisible while its countdown
   * runs; asking while the server is asked about it (the credits pages wait
   * for its word before they pick the active discount).
   */
  timeBonus: { offer: TimeBonusOffer | null; isVisible: boolean; asking?: boolean }
  loader: Loader
  /** teasers are the boot state's members for the logged-out home page. */
  teasers: Card[]
  /**
   * bootSearch is the boot state's search answer with the query of the
   * address it answers; the search page uses it once instead of calling
   * members.php, if the address is still the same.
   */
  bootSearch: { query: string; result: SearchResult } | null
  /**
   * bootMember is the boot state's profile of a member's page for a
   * visitor; the member page shows it once instead of calling member.php.
   */
  bootMember: MemberProfile | null
  /**
   * bootThread is the boot state's conversation of a chat page (/chats/{id})
   * for its member: the chat's first view shows it without a load.
   */
  bootThread: Thread | null
  /** homeCopy is the brand's own text of its home in the language of the first page (null: the niche's defaults). */
  homeCopy: { locale: string; copy: HomeCopy } | null
}

export interface Store<T> {
  get: () => T
  set: (patch: Partial<T> | ((s: T) => Partial<T>)) => void
  subscribe: (listener: () => void) => () => void
}

export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial
  const listeners = new Set<() => void>()
  return {
    get: () => state,
    set(patch) {
      const next = typeof patch === 'function' ? patch(state) : patch
      state = { ...state, ...next }
      for (const l of listeners) l()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export const emptyLikes: Likes = { profiles: [], liked_by: [] }

export function initialState(boot: Boot): AppState {
  return {
    tenant: boot.tenant,
    company: boot.company,
    locales: boot.locales?.length ? boot.locales : boot.settings.locales ?? ['en'],
    country: boot.country ?? '',
    settings: boot.settings,
    user: boot.user ?? null,
    locale: boot.locale,
    chats: [],
    unreadTotal: boot.user ? (boot.counts?.unread_messages ?? null) : null,
    likes: boot.user && boot.counts ? { ...emptyLikes, new_likes: boot.counts.new_likes } : emptyLikes,
    push: { capability: false, subscription: null, isSubscribed: false, lastMessage: null },
    pageTitle: null,
    signup: { open: false, inProgress: false },
    // A member who may have the time bonus is asked about it at once (useTimeBonus): pages wait for the answer from the first paint.
    timeBonus: { offer: null, isVisible: false, asking: mayHaveTimeBonus(boot.user, Date.now()) },
    loader: { state: 'idle' },
    teasers: boot.teasers ?? [],
    bootSearch: boot.search ? { query: new URLSearchParams(globalThis.location?.search ?? '').toString(), result: boot.search } : null,
    bootMember: boot.member ?? null,
    bootThread: boot.thread ?? null,
    homeCopy: boot.look?.copy ? { locale: boot.locale, copy: boot.look.copy } : null,
  }
}

export type AppStore = Store<AppState>

/** loggedOut is the state change of a logout: the member's data goes. */
export const loggedOut = (): Partial<AppState> => ({
  user: null,
  chats: [],
  unreadTotal: null,
  likes: emptyLikes,
  timeBonus: { offer: null, isVisible: false },
  bootThread: null,
})

/**
 * resetFailedLoader clears a failed loader, so the next page shows again
 * (here, not with the refreshes in refresh.ts: the shell every page loads
 * calls it, and the refreshes come with the member's code).
 */
export function resetFailedLoader(store: AppStore): void {
  if (store.get().loader.state === 'failed') store.set({ loader: { state: 'idle' } })
}
