import type { Likes } from '../boot/types'
import type { HttpClient, Query } from './http'
import type { AutoLike, ChatEntry, Company, Gift, Interest, Regions, Settings, User } from './types'

export type { Interest, Region, Regions } from './types'

/** once caches a loader's answer per key; a failed load is tried again next time. */
export function once<T>(load: (key: string) => Promise<T>): (key?: string) => Promise<T> {
  const cache = new Map<string, Promise<T>>()
  return (key = '') => {
    let p = cache.get(key)
    if (!p) {
      p = load(key)
      cache.set(key, p)
      p.catch(() => cache.delete(key))
    }
    return p
  }
}

/** orThrow turns a logged-out answer (false) into an error for calls that need data. */
function data<T>(v: T | false): T {
  if (v === false) throw new Error('authentication_required')
  return v
}

export type Api = ReturnType<typeof createApi>

/** createApi names the member API's calls the app makes (engine/server/openapi.yaml). */
export function createApi(http: HttpClient) {
  const regions = once((key) => {
    const [country, lang] = key.split('|')
    return http.get<Regions>('/api/regions.php', { query: { country: country || undefined, lang: lang || undefined } }).then(data)
  })
  return {
    http,
    /** settings: domain is the request host, plus the route's query. */
    settings: (host: string, routeQuery: Query = {}) =>
      http.get<Settings>('/api/settings.php', { query: { ...routeQuery, domain: host } }).then(data),
    currentUser: () => http.get<{ user: User | null }>('/api/user.php').then((r) => data(r).user),
    login: (email: string, password: string) =>
      http.post<{ user: User }>('/api/user.php', { email, password }).then((r) => data(r).user),
    setLanguage: (language: string) => http.put<{ user: User }>('/api/user.php', { language }),
    logout: () => http.get<null>('/api/logout.php'),
    /** savePush stores the web-push subscription (or 'denied'). */
    savePush: (subscription: PushSubscriptionJSON | 'denied' | false | null) =>
      http.post<null>('/api/user.php', { subscription }, { query: { push: 1 } }),
    /** chats: the member's conversations; false when the session is gone. */
    chats: () => http.get<ChatEntry[]>('/api/chats.php'),
    /** likes: the profiles the member liked and who liked the member. */
    likes: () => http.get<Likes>('/api/likes.php'),
    /** autoLike: a profile that now likes the member, or null (204). */
    autoLike: (signal?: AbortSignal) => http.get<AutoLike | null>('/api/auto-like.php', { retries: 0, signal }).then((r) => r || null),
    interests: once(() => http.get<Interest[]>('/api/interests.php').then(data)),
    /** regions: a country's regions (the visitor's country without one); lang asks the region label (label_text) in that language. */
    regions: (country = '', lang = '') => regions(`${country}|${lang}`),
    companyInfo: once(() => http.get<Company>('/api/companyinfo.php').then(data)),
    gifts: once(() => http.get<Gift[]>('/api/gifts.php').then((g) => data(g) ?? [])),
  }
}
