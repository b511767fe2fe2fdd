import type { LikedBy } from '../boot/types'
import { createStore } from './store'

/**
 * NewLikerQueue holds the likes the new-like popup has still to show, in
 * order. The shell fills it from the first render on (layouts/parts/
 * NewLikersWatch.tsx), so a like that comes while the popup's code is still
 * on its way waits here instead of being taken for one already seen.
 */
export interface NewLikerQueue {
  /** first is the liker to show now, or null. */
  first: () => LikedBy | null
  add: (likers: readonly LikedBy[]) => void
  /** shift drops the first liker (shown, closed or timed out). */
  shift: () => void
  /** drop takes a liker out wherever they wait (they matched: the match moment celebrates them instead). */
  drop: (id: number) => void
  clear: () => void
  subscribe: (listener: () => void) => () => void
}

export function createNewLikerQueue(): NewLikerQueue {
  const store = createStore<{ queue: readonly LikedBy[] }>({ queue: [] })
  const queue = () => store.get().queue
  return {
    first: () => queue()[0] ?? null,
    add(likers) {
      if (likers.length > 0) store.set({ queue: [...queue(), ...likers] })
    },
    shift() {
      if (queue().length > 0) store.set({ queue: queue().slice(1) })
    },
    drop(id) {
      if (queue().some((l) => l.id === id)) store.set({ queue: queue().filter((l) => l.id !== id) })
    },
    clear() {
      if (queue().length > 0) store.set({ queue: [] })
    },
    subscribe: store.subscribe,
  }
}
