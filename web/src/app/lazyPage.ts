import { createElement, lazy, useState, type ComponentType } from 'react'
import { isChunkLoadError, tryChunkReload } from './chunkReload'

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
 * loadOrReload loads a chunk; when it cannot be loaded (a new release
 * replaced it), the page reloads once and the promise never settles (the
 * reload replaces the page); a second failure within 60 s is thrown.
 */
export async function loadOrReload<M>(load: () => Promise<M>): Promise<M> {
  try {
    return await load()
  } catch (err) {
    if (isChunkLoadError(err) && reloadForChunk()) return new Promise<never>(() => {})
    throw err
  }
}

/** LazyPage is a page component in its own chunk that can be fetched ahead of its first render. */
export type LazyPage<P extends object> = ComponentType<P> & {
  /** preload fetches the chunk; once it is in, the page renders without suspending. */
  preload: () => Promise<void>
}

/**
 * lazyPage loads a page component in its own chunk. When the chunk cannot be
 * loaded (a new release replaced it), the page reloads once; a second failure
 * within 60 s reaches the error page. A page whose chunk was preloaded (main.tsx
 * preloads the first page's in parallel with the catalogues) renders at once,
 * without the loader flashing and the footer jumping. renderLoad is how it
 * loads when it renders without a preload (as preload does, unless a part
 * that some first screens do without asks only once the first render is in).
 */
export function lazyPage<P extends object, K extends string>(
  load: () => Promise<{ [k in K]: ComponentType<P> }>,
  name: K,
  renderLoad: () => Promise<{ [k in K]: ComponentType<P> }> = load,
): LazyPage<P> {
  let loaded: ComponentType<P> | null = null
  const Lazy: ComponentType<P> = lazy(async (): Promise<{ default: ComponentType<P> }> => {
    // Until a reload replaces the page, the suspense fallback stays.
    const mod = await loadOrReload(renderLoad)
    loaded = mod[name]
    return { default: mod[name] }
  })
  // Each mount keeps the component it started with: switching from the lazy
  // wrapper to the loaded page would remount it and lose its state.
  const Page = (props: P) => {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy)
    return createElement(Component, props)
  }
  Page.preload = async () => {
    try {
      loaded = (await load())[name]
    } catch {
      // The lazy path retries and handles the failure when the page renders.
    }
  }
  return Page
}
