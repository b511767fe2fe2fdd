/** Toasts are short messages in the corner; text is a catalogue key. */
export interface Toast {
  id: number
  key: string
  values?: Record<string, string | number>
  tone: 'info' | 'danger' | 'success'
}

export interface Toasts {
  list: () => Toast[]
  show: (key: string, values?: Toast['values'], tone?: Toast['tone']) => number
  dismiss: (id: number) => void
  subscribe: (fn: () => void) => () => void
}

export function createToasts(): Toasts {
  let items: Toast[] = []
  let next = 1
  const listeners = new Set<() => void>()
  const emit = () => listeners.forEach((l) => l())
  return {
    list: () => items,
    show(key, values, tone = 'info') {
      const id = next++
      items = [...items, { id, key, values, tone }]
      emit()
      return id
    },
    dismiss(id) {
      items = items.filter((t) => t.id !== id)
      emit()
    },
    subscribe(fn) {
      listeners.add(fn)
      return () => listeners.delete(fn)
    },
  }
}
