import { arrange, type InterruptionId, type Shown } from './interruptions'
import { createStore } from '../../state/store'

/**
 * Interruptions is the one queue of the banners, modals and cards
 * (interruptions.ts): each asks to show (want) and shows only when the
 * queue picks it. A modal the page opens itself holds the queue (hold)
 * while it is open, so nothing opens over it.
 */
export interface Interruptions {
  want: (id: InterruptionId, on: boolean) => void
  setEditing: (editing: boolean) => void
  /** hold keeps modals and cards back until the function it answers is called (once counts). */
  hold: () => () => void
  shown: () => Shown
  subscribe: (listener: () => void) => () => void
}

interface QueueState {
  wanted: ReadonlySet<InterruptionId>
  editing: boolean
  holds: number
  shown: Shown
}

export function createInterruptions(): Interruptions {
  const store = createStore<QueueState>({ wanted: new Set(), editing: false, holds: 0, shown: arrange([], false, false) })
  const update = (next: Partial<Omit<QueueState, 'shown'>>) => {
    const s = store.get()
    const { wanted = s.wanted, editing = s.editing, holds = s.holds } = next
    if (wanted === s.wanted && editing === s.editing && holds === s.holds) return
    store.set({ wanted, editing, holds, shown: arrange(wanted, editing, holds > 0) })
  }
  return {
    want(id, on) {
      const { wanted } = store.get()
      if (wanted.has(id) === on) return
      const next = new Set(wanted)
      if (on) next.add(id)
      else next.delete(id)
      update({ wanted: next })
    },
    setEditing(editing) {
      update({ editing })
    },
    hold() {
      update({ holds: store.get().holds + 1 })
      let released = false
      return () => {
        if (released) return
        released = true
        update({ holds: store.get().holds - 1 })
      }
    },
    shown: () => store.get().shown,
    subscribe: store.subscribe,
  }
}
