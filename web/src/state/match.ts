// A match moment: the member's like was returned, or the other side just
// liked the member back. Whoever learns of it announces it here; the
// layout's first code (layouts/parts/NewLikersWatch) queues it in the match
// queue, and the match moment (pages/likes/MatchMoment) celebrates it once
// per page load whenever its code arrives.
import type { Image } from '../boot/types'
import { createStore } from './store'

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

/**
 * MatchQueue holds the matches the match moment has still to celebrate, in
 * order. It lives with the app, not with the moment's code, which comes after
 * the first render: a like returned before that code is in waits here instead
 * of being lost.
 */
export interface MatchQueue {
  /** first is the partner to celebrate now, or null. */
  first: () => MatchPartner | null
  /** add queues partner unless it is queued already or was celebrated in this page load. */
  add: (partner: MatchPartner) => void
  /** shift drops the first partner (the moment closed). */
  shift: () => void
  /** drop takes a partner out wherever they wait (their card was seen before). */
  drop: (id: number) => void
  subscribe: (listener: () => void) => () => void
}

export function createMatchQueue(): MatchQueue {
  const store = createStore<{ queue: readonly MatchPartner[] }>({ queue: [] })
  const celebrated = new Set<number>()
  const queue = () => store.get().queue
  return {
    first: () => queue()[0] ?? null,
    add(partner) {
      const next = nextMatches(queue(), partner, celebrated)
      if (next.length !== queue().length) store.set({ queue: next })
    },
    shift() {
      if (queue().length > 0) store.set({ queue: queue().slice(1) })
    },
    drop(id) {
      if (queue().some((p) => p.id === id)) store.set({ queue: queue().filter((p) => p.id !== id) })
    },
    subscribe: store.subscribe,
  }
}
