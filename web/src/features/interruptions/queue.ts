import { arrange, type InterruptionId, type Shown } from './interruptions'
import { createStore } from '../../state/store'

/**
 * Interruptions is the one queue of the banners, modals and pop-ups
 * (interruptions.ts): each asks to show (want) and shows only when the
 * queue picks it.
 */
export interface Interruptions {
  want: (id: InterruptionId, on: boolean) => void
  setEditing: (editing: boolean) => void
  shown: () => Shown
  subscribe: (listener: () => void) => () => void
}

export function createInterruptions(): Interruptions {
  const store = createStore<{ wanted: ReadonlySet<InterruptionId>; editing: boolean; shown: Shown }>({
    wanted: new Set(),
    editing: false,
    shown: arrange([], false),
  })
  const update = (wanted: ReadonlySet<InterruptionId>, editing: boolean) => {
    const s = store.get()
    if (wanted === s.wanted && editing === s.editing) return
    store.set({ wanted, editing, shown: arrange(wanted, editing) })
  }
  return {
    want(id, on) {
      const { wanted, editing } = store.get()
      if (wanted.has(id) === on) return
      const next = new Set(wanted)
      if (on) next.add(id)
      else next.delete(id)
      update(next, editing)
    },
    setEditing(editing) {
      update(store.get().wanted, editing)
    },
    shown: () => store.get().shown,
    subscribe: store.subscribe,
  }
}
