import type { LikedBy } from '../boot/types'

/**
 * NewLikerQueue holds the likes the new-like popup has still to show, in
 * order. The shell fills it from the first render on (layouts/parts/
 * NewLikersWatch.tsx), so a like that comes while the popup's code is still
 * on its way waits here instead of being taken for one already seen.
 */
export interface NewLikerQueue {
  /** first is the liker to show now, or null. */
  first(): LikedBy | null
  add(likers: readonly LikedBy[]): void
  /** shift drops the first liker (shown, closed or timed out). */
  shift(): void
  clear(): void
  subscribe(listener: () => void): () => void
}

export function createNewLikerQueue(): NewLikerQueue {
  let queue: readonly LikedBy[] = []
  const listeners = new Set<() => void>()
  const set = (next: readonly LikedBy[]) => {
    if (next === queue) return
    queue = next
    for (const l of [...listeners]) l()
  }
  return {
    first: () => queue[0] ?? null,
    add(likers) {
      if (likers.length > 0) set([...queue, ...likers])
    },
    shift() {
      if (queue.length > 0) set(queue.slice(1))
    },
    clear() {
      if (queue.length > 0) set([])
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
