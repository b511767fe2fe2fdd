import { useEffect, useRef } from 'react'
import type { LikedBy } from '../../boot/types'
import { useAppState, useServices } from '../../state/context'
import { MATCH_EVENT, type MatchPartner } from '../../state/match'
import { emptyLikes } from '../../state/store'
import { firstShow, newLikers } from './likePopupRules'

/**
 * NewLikersWatch queues the likes that arrive while the page is open
 * (polling, live events, an auto-like), each once, for the new-like popup,
 * and the matches announced, for the match moment.
 * It is in the layout's first code, not in the popup's chunk, which comes
 * after the first render: what counts as already seen is what the likes
 * held at the first render, not when the popup's code arrived (an
 * auto-like's likes reload, 500 ms after the page's first likes load, may
 * be in by then, and its like was then taken as seen and never shown).
 */
export function NewLikersWatch() {
  const { newLikers: queue, matches } = useServices()
  const likes = useAppState((s) => s.likes)
  const seen = useRef<Set<number> | null>(null)
  useEffect(() => {
    if (likes === emptyLikes) {
      // Logging out forgets the queue.
      seen.current = null
      queue.clear()
      return
    }
    const fresh = newLikers(seen.current, likes.liked_by).filter((l) => firstShow(l.id))
    const next = new Set(seen.current ?? [])
    for (const l of likes.liked_by) {
      next.add(l.id)
      if (!seen.current) firstShow(l.id)
    }
    seen.current = next
    queue.add(fresh)
  }, [likes, queue])
  useEffect(() => {
    // A live like event (state/events.ts) may come before the likes first load.
    const onLike = (e: Event) => {
      const liker = (e as CustomEvent<LikedBy>).detail
      if (liker && typeof liker.id === 'number' && liker.like_new !== false && firstShow(liker.id)) queue.add([liker])
    }
    // A match announced (state/match.ts) waits in the match queue for the match
    // moment's code; that liker is celebrated there, never popped up as a new like.
    const onMatch = (e: Event) => {
      const partner = (e as CustomEvent<MatchPartner>).detail
      if (!partner || typeof partner.id !== 'number') return
      firstShow(partner.id)
      queue.drop(partner.id)
      matches.add(partner)
    }
    window.addEventListener('rdv:like', onLike)
    window.addEventListener(MATCH_EVENT, onMatch)
    return () => {
      window.removeEventListener('rdv:like', onLike)
      window.removeEventListener(MATCH_EVENT, onMatch)
    }
  }, [queue, matches])
  return null
}
