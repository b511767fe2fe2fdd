// A match moment: the member's like was returned, or the other side just
// liked the member back. Whoever learns of it announces it here; the match
// moment (pages/likes/MatchMoment) celebrates it once per page load.
import type { Image } from '../boot/types'

/** MATCH_EVENT is the window event that carries a MatchPartner. */
export const MATCH_EVENT = 'rdv:match'

/** MatchPartner is whom the member matched with, as far as the announcer knows them. */
export interface MatchPartner {
  id: number
  name?: string
  main_image?: Pick<Image, 'url' | 'thumb_url' | 'match'> | null
}

/** announceMatch starts the match moment for partner. */
export function announceMatch(partner: MatchPartner): void {
  if (typeof window === 'undefined' || typeof partner.id !== 'number') return
  window.dispatchEvent(new CustomEvent<MatchPartner>(MATCH_EVENT, { detail: partner }))
}

/** nextMatches adds partner to the queue unless it is already in it or was celebrated (celebrated holds the ids). */
export function nextMatches(queue: readonly MatchPartner[], partner: MatchPartner, celebrated: Set<number>): MatchPartner[] {
  if (celebrated.has(partner.id) || queue.some((p) => p.id === partner.id)) return [...queue]
  celebrated.add(partner.id)
  return [...queue, partner]
}
