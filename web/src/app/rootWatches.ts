import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { useServices } from '../state/context'
import { refreshAll } from '../state/refresh'

// What Root runs that the first render does without: the service worker
// (registered after the page's load event anyway) and the bounce log.
// RootOverlays (layouts/parts/RootOverlays.tsx) runs them, in its chunk
// after the first render, so the home's first code is smaller.

/** useServiceWorker registers /sw.js and reloads chats and likes on a pushed message. */
export function useServiceWorker() {
  const { api, store } = useServices()
  useEffect(() => {
    const sw = navigator.serviceWorker
    const capable = !!sw && 'PushManager' in window
    store.set({ push: { ...store.get().push, capability: capable } })
    if (!sw || !import.meta.env.PROD) return
    // After the page has loaded: the worker's download and start do not
    // compete with the first paint.
    const loaded = new Promise<void>((resolve) => {
      if (document.readyState === 'complete') resolve()
      else window.addEventListener('load', () => resolve(), { once: true })
    })
    loaded
      .then(() => sw.register('/sw.js', { scope: '/' }))
      .then(async (reg) => {
        if (!capable) return
        const sub = await reg.pushManager?.getSubscription()
        const denied = typeof Notification !== 'undefined' && Notification.permission === 'denied'
        store.set({
          push: { ...store.get().push, subscription: denied ? 'denied' : (sub?.toJSON() ?? false), isSubscribed: !!sub },
        })
      })
      .catch(() => {})
    const onMessage = (e: MessageEvent<{ type?: unknown; payload?: unknown } | null>) => {
      if (e.data?.type !== 'push') return
      store.set({ push: { ...store.get().push, lastMessage: e.data.payload } })
      if (store.get().user) void refreshAll(api, store, true)
    }
    sw.addEventListener('message', onMessage)
    return () => sw.removeEventListener('message', onMessage)
  }, [api, store])
}

/**
 * usePageBounceLog: with the query parameter lb, an empty beacon goes to
 * page-hidden.php when the page becomes hidden.
 */
export function usePageBounceLog() {
  const location = useLocation()
  const enabled = new URLSearchParams(location.search).has('lb')
  useEffect(() => {
    if (!enabled || typeof navigator.sendBeacon !== 'function') return
    const onChange = () => {
      if (document.visibilityState === 'hidden') {
        navigator.sendBeacon('/api/page-hidden.php', new Blob(['{}'], { type: 'application/json' }))
      }
    }
    document.addEventListener('visibilitychange', onChange)
    return () => document.removeEventListener('visibilitychange', onChange)
  }, [enabled])
}
