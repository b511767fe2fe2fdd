// The app's one way to load data for a page: useLoad runs a load when the
// page needs it, again when what it depends on changes or after a change
// (reload), and cancels it when the page goes away, so a late answer never
// lands on a page that no longer wants it.
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react'
import { ABORTED, ApiError } from './http'

/** Loaded is where a load stands: loading, done with its data, or failed with its error. */
export type Loaded<T> = { status: 'loading' } | { status: 'done'; data: T } | { status: 'failed'; error: unknown }

export interface Load<T> {
  state: Loaded<T>
  /** latest is the data of the last load that succeeded, for any key: a page can keep it on screen while the next one loads. */
  latest: T | null
  /** reload loads again; the data shown stays until the new answer (a failure shows loading). */
  reload: () => void
  /** update changes the loaded data in place, for a change the server confirmed. */
  update: (change: (data: T) => T) => void
}

const LOADING = { status: 'loading' } as const

/**
 * Served is data on hand for a load's first key (the boot state's answer for
 * the page's address): the first render shows it, and no load runs for it.
 */
export interface Served<T> {
  /** data is the data for key, or null when there is none; asked once, on the first render. */
  data: (key: string) => T | null
}

/**
 * useLoad loads with load(signal) for key. A different key loads again
 * (showing loading until its answer); null loads nothing. The signal
 * aborts when the key changes, on reload and on unmount; pass it to the
 * HTTP client so the request itself stops. shown is the data on screen for
 * this key (a reload), else null. load may change between renders: the key
 * alone decides when to load. served gives the first key's data without a
 * load: the first paint then needs no round trip and nothing moves when the
 * answer would land.
 */
export function useLoad<T>(key: string | null, load: (signal: AbortSignal, shown: T | null) => Promise<T>, served?: Served<T>): Load<T> {
  const [round, setRound] = useState(0)
  const [entry, setEntry] = useState<{ key: string | null; state: Loaded<T>; latest: T | null } | null>(() => {
    const data = key === null ? null : (served?.data(key) ?? null)
    return data === null ? null : { key, state: { status: 'done', data }, latest: data }
  })
  // The key whose data was served: its first effect loads nothing.
  const servedKey = useRef(entry?.key ?? null)
  const run = useEffectEvent((signal: AbortSignal) => load(signal, entry?.key === key && entry.state.status === 'done' ? entry.state.data : null))

  useEffect(() => {
    if (key === null) return
    if (servedKey.current === key) {
      servedKey.current = null
      return
    }
    servedKey.current = null
    const ctl = new AbortController()
    const land = (state: Loaded<T>) => {
      if (!ctl.signal.aborted) setEntry((e) => ({ key, state, latest: state.status === 'done' ? state.data : (e?.latest ?? null) }))
    }
    run(ctl.signal).then(
      (data) => land({ status: 'done', data }),
      (error: unknown) => land({ status: 'failed', error }),
    )
    return () => ctl.abort()
  }, [key, round])

  const reload = useCallback(() => {
    // After a failure the page shows loading again; data stays on screen.
    setEntry((e) => (e?.state.status === 'failed' ? { ...e, key: null } : e))
    setRound((r) => r + 1)
  }, [])

  const update = useCallback((change: (data: T) => T) => {
    setEntry((e) => {
      if (e?.state.status !== 'done') return e
      const data = change(e.state.data)
      return { key: e.key, state: { status: 'done', data }, latest: data }
    })
  }, [])

  const state: Loaded<T> = key !== null && entry?.key === key ? entry.state : LOADING
  return { state, latest: entry?.latest ?? null, reload, update }
}

/**
 * wait resolves after ms, or rejects (code aborted) as soon as signal
 * aborts: timed steps of an effect stop with it.
 */
export function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => {
      clearTimeout(id)
      reject(new ApiError(ABORTED, 0, ABORTED))
    }
    const id = setTimeout(() => {
      signal.removeEventListener('abort', aborted)
      resolve()
    }, ms)
    if (signal.aborted) aborted()
    else signal.addEventListener('abort', aborted, { once: true })
  })
}
