// The discovery calls (engine/likes, engine/profiles/search.go): search,
// likes, the swipe game and the match finder. Each takes the app's Api and
// turns a logged-out answer (false) into an error.
import type { Api } from '../../api/calls'
import type { Query } from '../../api/http'
import type { Card, Image, LikeListType, LikeLists, LikeResult, MemberView, SearchResult, SwipeDeck } from '../../api/types'

export type { Card, LikeEntry, LikeListType, LikeLists, LikeResult, MemberProfile, MemberView, SearchFilters, SearchResult, SwipeDeck } from '../../api/types'

function data<T>(v: T | false): T {
  if (v === false) throw new Error('authentication_required')
  return v
}

export const search = (api: Api, query: Query, signal?: AbortSignal) => api.http.get<SearchResult>('/api/members.php', { query, retries: 1, signal }).then(data)

export const like = (api: Api, profileId: number, source?: 'swipe') =>
  api.http.post<LikeResult>('/api/like.php', source ? { profile_id: profileId, source } : { profile_id: profileId }, { retries: 0 }).then(data)

export const likeLists = (api: Api, type: LikeListType, signal?: AbortSignal) => api.http.get<LikeLists>('/api/likes.php', { query: { type }, signal }).then(data)

export const member = (api: Api, id: number, signal?: AbortSignal) => api.http.get<MemberView>('/api/member.php', { query: { id }, retries: 1, signal }).then(data)

export const swipeDeck = (api: Api, signal?: AbortSignal) => api.http.get<SwipeDeck>('/api/swipe.php', { signal }).then(data)

export const swipe = (api: Api, profileId: number, action: 'like' | 'pass') =>
  api.http.post<LikeResult>('/api/swipe.php', { profile_id: profileId, action }, { retries: 0 }).then(data)

export const matchFinder = (api: Api, query: { min_age?: number; max_age?: number; limit?: number }, signal?: AbortSignal) =>
  api.http.get<{ profiles: Card[] }>('/api/match-finder.php', { query, signal }).then(data)

/** photoOf is the best picture of a card for a list: the thumbnail, else the photo. */
export function photoOf(img: Image | null | undefined, large = false): string | null {
  if (!img) return null
  return (large ? img.url || img.match || img.thumb_url : img.thumb_url || img.url || img.match) || null
}
