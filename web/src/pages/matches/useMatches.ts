import { useCallback, useRef, useState } from 'react'
import { ApiError } from '../../api/http'
import { useLoad } from '../../api/useLoad'
import { isRateLimited } from '../../api/serverErrors'
import { useServices } from '../../state/context'
import { refreshNamed } from '../../state/refresh'
import { matchFinder, swipe, swipeDeck, type Card } from '../members/discovery'
import { announceMatch } from '../../state/match'
import { likeErrorNotice } from '../members/likeState'
import type { SwipeAction } from './swipeGesture'

/** SWIPE_LIKES_PER_DAY: the swipe game's daily likes. */
export const SWIPE_LIKES_PER_DAY = 4

const NO_CARDS: Card[] = []

export interface Deck {
  status: 'loading' | 'ready' | 'failed'
  cards: Card[]
  likesLeft: number
  limit: number
  /** busy while a swipe is sent. */
  busy: boolean
}

/**
 * useSwipeDeck deals the swipe game's cards (swipe.php) and sends each
 * like or pass; 429 swipe_limit means the day's likes are used.
 */
export function useSwipeDeck() {
  const { api, store, toasts } = useServices()
  const { state, reload, update } = useLoad('swipe', (signal) => swipeDeck(api, signal))
  const [busy, setBusy] = useState(false)
  const refilled = useRef(false)
  const data = state.status === 'done' ? state.data : null
  const cards = data?.profiles ?? NO_CARDS
  const deck: Deck = {
    status: state.status === 'done' ? 'ready' : state.status,
    cards,
    likesLeft: data?.likes_left ?? SWIPE_LIKES_PER_DAY,
    limit: data?.limit || SWIPE_LIKES_PER_DAY,
    busy,
  }

  const act = useCallback(
    async (card: Card, action: SwipeAction) => {
      setBusy(true)
      const drop = () => {
        update((d) => ({ ...d, profiles: (d.profiles ?? []).filter((c) => c.id !== card.id) }))
        // An empty hand asks for more cards once.
        if (!refilled.current && cards.every((c) => c.id === card.id)) {
          refilled.current = true
          reload()
        }
      }
      try {
        const res = await swipe(api, card.id, action)
        if (typeof res.likes_left === 'number') {
          const left = res.likes_left
          update((d) => ({ ...d, likes_left: left }))
        }
        // The match moment celebrates it and leads to the chat; nothing stays behind.
        if (res.match) announceMatch(card)
        drop()
        if (action === 'like') void refreshNamed('likes', api, store)
        return true
      } catch (err) {
        if (err instanceof ApiError && err.code === 'swipe_limit') {
          update((d) => ({ ...d, likes_left: 0 }))
        } else {
          // a refused card goes; one refused for going too fast stays for later
          if (err instanceof ApiError && err.statusCode < 500 && !isRateLimited(err)) drop()
          const n = likeErrorNotice(err, card.name)
          toasts.show(n.key, n.values, n.tone)
        }
        return false
      } finally {
        setBusy(false)
      }
    },
    [api, cards, reload, store, toasts, update],
  )

  return { deck, act, reload }
}

export interface Suggestions {
  status: 'loading' | 'ready' | 'failed'
  cards: Card[]
}

/** useSuggestions loads the match finder's suggestions (match-finder.php); pass hides one. */
export function useSuggestions(query: { min_age?: number; max_age?: number; limit: number }) {
  const { api } = useServices()
  const key = JSON.stringify(query)
  const { state: load, latest, update } = useLoad(key, (signal) => matchFinder(api, JSON.parse(key) as typeof query, signal).then((r) => r.profiles ?? []))
  const state: Suggestions =
    load.status === 'done' ? { status: 'ready', cards: load.data } : load.status === 'loading' ? { status: 'loading', cards: latest ?? NO_CARDS } : { status: 'failed', cards: NO_CARDS }
  const pass = useCallback((id: number) => update((cards) => cards.filter((c) => c.id !== id)), [update])
  return { state, pass }
}
