// A failed script chunk load reloads the page once, at most once per 60 s.

export const CHUNK_RELOAD_KEY = 'rdv_chunk_reload_at'
export const CHUNK_RELOAD_GUARD_MS = 60_000

type KV = Pick<Storage, 'getItem' | 'setItem'>

/** isChunkLoadError recognises the errors of a failed dynamic import. */
export function isChunkLoadError(err: unknown): boolean {
  if (!(err instanceof Error)) return false
  return (
    err.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk .* failed/i.test(
      err.message,
    )
  )
}

/**
 * tryChunkReload records the reload and returns true when none happened in
 * the last 60 s; the caller then reloads. It returns false otherwise, so the
 * error page shows instead of a reload loop.
 */
export function tryChunkReload(storage: KV | null, now = Date.now()): boolean {
  let last: number
  try {
    last = Number(storage?.getItem(CHUNK_RELOAD_KEY) ?? 0) || 0
  } catch {
    last = 0
  }
  if (last && now - last < CHUNK_RELOAD_GUARD_MS && now >= last) return false
  try {
    storage?.setItem(CHUNK_RELOAD_KEY, String(now))
  } catch {
    return false
  }
  return true
}
