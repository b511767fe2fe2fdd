import { useCallback, useEffect, useState } from 'react'
import { ApiError } from '../../api/http'
import { useServices } from '../../state/context'
import { refreshNamed } from '../../state/refresh'
import { matchFinder, swipe, swipeDeck, type Card } from '../members/discovery'
import { likeErrorNotice } from '../members/likeState'
import type { SwipeAction } from './swipeGesture'

/** SWIPE_LIKES_PER_DAY: the swipe game's daily likes (SPEC.md section 9). */
export const SWIPE_LIKES_PER_DAY = 4

export interface Deck {
  status: 'loading' | 'ready' | 'failed'
  cards: Card[]
  likesLeft: number
  limit: number
  /** busy while a swipe is sent. */
  busy: boolean
  /** matched is the last card that became a match. */
  matched: Card | null
}

/**
 * useSwipeDeck deals the swipe game's cards (swipe.php) and sends each
 * like or pass; 429 swipe_limit means the day's likes are used.
 */
export function useSwipeDeck() {
  const { api, store, toasts } = useServices()
  const [deck, setDeck] = useState<Deck>({ status: 'loading', cards: [], likesLeft: SWIPE_LIKES_PER_DAY, limit: SWIPE_LIKES_PER_DAY, busy: false, matched: null })
  const load = useCallback(() => {
    setDeck((d) => ({ ...d, status: 'loading' }))
    swipeDeck(api)
      .then((r) => setDeck((d) => ({ ...d, status: 'ready', cards: r.profiles ?? [], likesLeft: r.likes_left, limit: r.limit || SWIPE_LIKES_PER_DAY })))
      .catch(() => setDeck((d) => ({ ...d, status: 'failed' })))
  }, [api])
  useEffect(load, [load])

  const act = useCallback(
    async (card: Card, action: SwipeAction) => {
      setDeck((d) => ({ ...d, busy: true, matched: null }))
      try {
        const res = await swipe(api, card.id, action)
        setDeck((d) => ({
          ...d,
          busy: false,
          cards: d.cards.filter((c) => c.id !== card.id),
          likesLeft: typeof res.likes_left === 'number' ? res.likes_left : d.likesLeft,
          matched: res.match ? card : null,
        }))
        if (action === 'like') void refreshNamed('likes', api, store)
        return true
      } catch (err) {
        if (err instanceof ApiError && err.code === 'swipe_limit') {
          setDeck((d) => ({ ...d, busy: false, likesLeft: 0 }))
        } else {
          setDeck((d) => ({ ...d, busy: false, cards: err instanceof ApiError && err.statusCode < 500 ? d.cards.filter((c) => c.id !== card.id) : d.cards }))
          const n = likeErrorNotice(err, card.name)
          toasts.show(n.key, n.values, n.tone)
        }
        return false
      }
    },
    [api, store, toasts],
  )

  // An empty hand asks for more cards once.
  const empty = deck.status === 'ready' && deck.cards.length === 0
  const [refilled, setRefilled] = useState(false)
  useEffect(() => {
    if (empty && !refilled) {
      setRefilled(true)
      load()
    }
  }, [empty, refilled, load])

  return { deck, act, reload: load }
}

export interface Suggestions {
  status: 'loading' | 'ready' | 'failed'
  cards: Card[]
}

/** useSuggestions loads the match finder's suggestions (match-finder.php); pass hides one. */
export function useSuggestions(query: { min_age?: number; max_age?: number; limit: number }) {
  const { api } = useServices()
  const [state, setState] = useState<Suggestions>({ status: 'loading', cards: [] })
  const key = JSON.stringify(query)
  useEffect(() => {
    let live = true
    setState((s) => ({ ...s, status: 'loading' }))
    matchFinder(api, JSON.parse(key))
      .then((r) => live && setState({ status: 'ready', cards: r.profiles ?? [] }))
      .catch(() => live && setState({ status: 'failed', cards: [] }))
    return () => {
      live = false
    }
  }, [api, key])
  const pass = useCallback((id: number) => setState((s) => ({ ...s, cards: s.cards.filter((c) => c.id !== id) })), [])
  return { state, pass }
}
