// Rules of the member view that need no React.
import { ApiError } from '../../api/http'
import type { Image } from '../../boot/types'
import { LOGGED_OUT } from './api'

/** ViewFailure is why a profile cannot be shown. */
export type ViewFailure =
  /** blocked: the member blocked the viewer. */
  | { kind: 'blocked'; name: string }
  /** login: the site shows profiles to logged-in members only. */
  | { kind: 'login' }
  | { kind: 'notFound' }
  | { kind: 'error'; message: string }

/** failureOf reads a member.php error. */
export function failureOf(err: unknown): ViewFailure {
  if (err instanceof ApiError) {
    if (err.code === 'blocked') return { kind: 'blocked', name: typeof err.fields.name === 'string' ? err.fields.name : '' }
    if (err.code === LOGGED_OUT) return { kind: 'login' }
    if (err.statusCode === 404 || err.code === 'profile_not_found' || err.code === 'id_invalid') return { kind: 'notFound' }
    return { kind: 'error', message: err.message }
  }
  return { kind: 'error', message: err instanceof Error ? err.message : String(err) }
}

/** parseId reads a route's profile id: a positive whole number, or null. */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null
  const n = Number(raw)
  return Number.isSafeInteger(n) && n > 0 ? n : null
}

/** galleryPhotos are the photos to show, the main one first, without duplicates. */
export function galleryPhotos(main: Image | null, photos: readonly Image[] | null): Image[] {
  const list = [...(photos ?? [])]
  if (main && !list.some((p) => p.filename === main.filename)) list.unshift(main)
  return list
}

/** LockKind is who may unlock hidden photos: a free member by going premium, a visitor by logging in. */
export type LockKind = 'none' | 'premium' | 'login'

/** lockOf tells which lock the gallery shows for hidden photos. */
export function lockOf(hidden: number, loggedIn: boolean): LockKind {
  if (hidden <= 0) return 'none'
  return loggedIn ? 'premium' : 'login'
}

/** DETAIL_FIELDS are the optional fields the view lists when the server sends them. */
export const DETAIL_FIELDS = ['age', 'sexuality', 'seeking', 'region', 'city', 'hair_color', 'eye_color', 'body_type', 'relationship_status', 'tattoos'] as const

/** giftChatPath is where a chosen gift is sent: the chat with the member. */
export const giftChatPath = (id: number, gift: string): string => `/members/${id}/chat?gift=${encodeURIComponent(gift)}`
