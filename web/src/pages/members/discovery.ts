// The discovery calls (engine/likes, engine/profiles/search.go): search,
// likes, the swipe game and the match finder. Each takes the app's Api and
// turns a logged-out answer (false) into an error.
import type { Api } from '../../api/calls'
import type { Image } from '../../boot/types'
import type { Query } from '../../api/http'

/** Card is a profile as lists show it. */
export interface Card {
  id: number
  name: string
  age?: number
  gender: string
  country: string
  region?: string
  region_name?: string
  city?: string
  main_image: Image | null
  fictional: boolean
  last_active_at: string
}

/** SearchFilters are the search state (SPEC.md section 3); empty means any. */
export interface SearchFilters {
  gender: string
  country: string
  countryregion: string
  min_age: number
  max_age: number
  page: number
  per_page: number
}

export interface SearchResult {
  profiles: Card[]
  total: number
  total_capped: boolean
  similar: Card[]
  search: SearchFilters
  search_fields: string[]
  pages: number
}

/** LikeEntry is one profile of a likes list. */
export interface LikeEntry extends Card {
  like_new: boolean
  match: boolean
  liked_at: string
}

export type LikeListType = 'liked' | 'liked_by' | 'matches'

export interface LikeLists {
  type: LikeListType
  profiles: LikeEntry[]
  liked_by: LikeEntry[]
  matches: LikeEntry[]
  new_likes: number
}

export interface LikeResult {
  match: boolean
  likes_left?: number
}

export interface SwipeDeck {
  profiles: Card[]
  likes_left: number
  limit: number
}

/** MemberProfile is another member's profile (member.php). */
export interface MemberProfile extends Omit<Card, 'fictional'> {
  about_me?: string
  photos?: Image[]
  /** photos_hidden counts the photos a free or logged-out viewer does not get. */
  photos_hidden?: number
  is_house?: boolean
  blocked?: boolean
}

export interface MemberView {
  profile: MemberProfile
}

function data<T>(v: T | false): T {
  if (v === false) throw new Error('authentication_required')
  return v
}

export const search = (api: Api, query: Query) => api.http.get<SearchResult>('/api/members.php', { query, retries: 1 }).then(data)

export const like = (api: Api, profileId: number, source?: 'swipe') =>
  api.http.post<LikeResult>('/api/like.php', source ? { profile_id: profileId, source } : { profile_id: profileId }, { retries: 0 }).then(data)

export const likeLists = (api: Api, type: LikeListType) => api.http.get<LikeLists>('/api/likes.php', { query: { type } }).then(data)

export const member = (api: Api, id: number) => api.http.get<MemberView>('/api/member.php', { query: { id }, retries: 1 }).then(data)

export const swipeDeck = (api: Api) => api.http.get<SwipeDeck>('/api/swipe.php').then(data)

export const swipe = (api: Api, profileId: number, action: 'like' | 'pass') =>
  api.http.post<LikeResult>('/api/swipe.php', { profile_id: profileId, action }, { retries: 0 }).then(data)

export const matchFinder = (api: Api, query: { min_age?: number; max_age?: number; limit?: number }) =>
  api.http.get<{ profiles: Card[] }>('/api/match-finder.php', { query }).then(data)

/** photoOf is the best picture of a card for a list: the thumbnail, else the photo. */
export function photoOf(img: Image | null | undefined, large = false): string | null {
  if (!img) return null
  return (large ? img.url || img.match || img.thumb_url : img.thumb_url || img.url || img.match) || null
}
