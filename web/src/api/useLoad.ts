// The app's one way to load data for a page: useLoad runs a load when the
// page needs it, again when what it depends on changes or after a change
// (reload), and cancels it when the page goes away, so a late answer never
// lands on a page that no longer wants it.
import { useCallback, useEffect, useEffectEvent, useState } from 'react'

/** Loaded is where a load stands: loading, done with its data, or failed with its error. */
export type Loaded<T> = { status: 'loading' } | { status: 'done'; data: T } | { status: 'failed'; error: unknown }

export interface Load<T> {
  state: Loaded<T>
  /** reload loads again; the data shown stays until the new answer (a failure shows loading). */
  reload: () => void
  /** update changes the loaded data in place, for a change the server confirmed. */
  update: (change: (data: T) => T) => void
}

const LOADING = { status: 'loading' } as const

/**
 * useLoad loads with load(signal) for key. A different key loads again
 * (showing loading until its answer); null loads nothing. The signal
 * aborts when the key changes, on reload and on unmount; pass it to the
 * HTTP client so the request itself stops. load may change between renders:
 * the key alone decides when to load.
 */
export function useLoad<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Load<T> {
  const [round, setRound] = useState(0)
  const [entry, setEntry] = useState<{ key: string; state: Loaded<T> } | null>(null)
  const run = useEffectEvent((signal: AbortSignal) => load(signal))

  useEffect(() => {
    if (key === null) return
    const ctl = new AbortController()
    const land = (state: Loaded<T>) => {
      if (!ctl.signal.aborted) setEntry({ key, state })
    }
    run(ctl.signal).then(
      (data) => land({ status: 'done', data }),
      (error: unknown) => land({ status: 'failed', error }),
    )
    return () => ctl.abort()
  }, [key, round])

  const reload = useCallback(() => {
    setEntry((e) => (e?.state.status === 'failed' ? null : e))
    setRound((r) => r + 1)
  }, [])

  const update = useCallback((change: (data: T) => T) => {
    setEntry((e) => (e?.state.status === 'done' ? { key: e.key, state: { status: 'done', data: change(e.state.data) } } : e))
  }, [])

  const state: Loaded<T> = entry !== null && entry.key === key ? entry.state : LOADING
  return { state, reload, update }
}
