// A member's navigation badges: unread messages, new likes and the credits.
import type { User } from '../boot/types'

export const UNREAD_CAP = 99
export const LOW_CREDITS = 10

/** unreadBadge is the Messages badge text: none at 0, capped at 99+. */
export function unreadBadge(unread: number): string | null {
  if (!(unread > 0)) return null
  return unread > UNREAD_CAP ? `${UNREAD_CAP}+` : String(unread)
}

/** likesBadge is the Likes badge text: the number of new likes, none at 0. */
export function likesBadge(newLikes: number): string | null {
  return newLikes > 0 ? String(newLikes) : null
}

export type Tone = 'warning' | 'danger'

export type CreditsItem =
  | { kind: 'credits'; badge: { text: string; tone: Tone } | null }
  | { kind: 'premium' }

/**
 * creditsItem: paid members get Credits, with the balance as a badge when it
 * is 10 or less (warning above 0, danger at 0); free members get Get Premium.
 */
export function creditsItem(user: Pick<User, 'paid_user' | 'credits'>): CreditsItem {
  if (!user.paid_user) return { kind: 'premium' }
  const credits = Math.max(0, Math.floor(user.credits ?? 0))
  if (credits > LOW_CREDITS) return { kind: 'credits', badge: null }
  return { kind: 'credits', badge: { text: String(credits), tone: credits > 0 ? 'warning' : 'danger' } }
}
