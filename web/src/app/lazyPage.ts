import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { isChunkLoadError, tryChunkReload } from '../rules/chunkReload'

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

/**
 * reloadForChunk reloads the page after a failed chunk load, at most once per
 * 60 s; it returns false when the guard forbids it.
 */
export function reloadForChunk(storage: Storage | null = sessionStore(), reload = () => window.location.reload()): boolean {
  if (!tryChunkReload(storage)) return false
  reload()
  return true
}

/**
 * lazyPage loads a page component in its own chunk. When the chunk cannot be
 * loaded (a new release replaced it), the page reloads once; a second failure
 * within 60 s reaches the error page.
 */
export function lazyPage<P extends object, K extends string>(
  load: () => Promise<{ [k in K]: ComponentType<P> }>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    try {
      const mod = await load()
      return { default: mod[name] }
    } catch (err) {
      if (isChunkLoadError(err) && reloadForChunk()) {
        // The reload replaces the page; keep the suspense fallback until then.
        return new Promise<never>(() => {})
      }
      throw err
    }
  })
}
