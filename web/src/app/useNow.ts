import { useCallback, useSyncExternalStore } from 'react'

/**
 * A clock per tick length, shared by every component that shows the time
 * at it: one timer for a page of member cards instead of two per card, and
 * no render of every card right after the page's first (the timers of a
 * search page's cards were a long task after its first render).
 */
interface Clock {
  now: number
  listeners: Set<() => void>
  timer?: ReturnType<typeof setInterval>
}

const clocks = new Map<number, Clock>()

function clockOf(tick: number): Clock {
  let clock = clocks.get(tick)
  if (!clock) {
    clock = { now: Date.now(), listeners: new Set() }
    clocks.set(tick, clock)
  }
  return clock
}

/** subscribe has changed called at each tick of the clock of tick ms, which starts with its first listener and stops with its last. */
function subscribe(tick: number, changed: () => void): () => void {
  const clock = clockOf(tick)
  if (clock.listeners.size === 0) {
    // A clock that starts shows the time at once (a component rendered
    // with the time it stopped at), then every tick.
    clock.now = Date.now()
    clock.timer = setInterval(() => {
      clock.now = Date.now()
      clock.listeners.forEach((l) => l())
    }, tick)
  }
  clock.listeners.add(changed)
  return () => {
    clock.listeners.delete(changed)
    if (clock.listeners.size === 0) clearInterval(clock.timer)
  }
}

/** useNow is the time, updated every tick ms while active. */
export function useNow(tick: number, active = true): number {
  const listen = useCallback((changed: () => void) => (active ? subscribe(tick, changed) : () => {}), [tick, active])
  return useSyncExternalStore(listen, () => clockOf(tick).now)
}
