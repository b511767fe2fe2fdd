// Polling: while logged in, the user record, chats and likes are fetched
// again every 60 s (300 s with push), starting 5 s after load.

export const FIRST_REFRESH_MS = 5_000
export const REFRESH_MS = 60_000
export const PUSH_REFRESH_MS = 300_000

export const refreshInterval = (pushSubscribed: boolean): number => (pushSubscribed ? PUSH_REFRESH_MS : REFRESH_MS)

export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown
  clearTimeout: (id: unknown) => void
}

const globalTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
}

/**
 * startPolling runs run() FIRST_REFRESH_MS after the start, then every
 * interval() ms (read again each round, so a push subscription slows it
 * down). It returns a stop function.
 */
export function startPolling(run: () => unknown, interval: () => number, timers: Timers = globalTimers): () => void {
  let stopped = false
  let id: unknown
  const tick = async () => {
    if (stopped) return
    try {
      await run()
    } catch {
      // a failed refresh waits for the next round
    }
    if (!stopped) id = timers.setTimeout(() => void tick(), interval())
  }
  id = timers.setTimeout(() => void tick(), FIRST_REFRESH_MS)
  return () => {
    stopped = true
    timers.clearTimeout(id)
  }
}
