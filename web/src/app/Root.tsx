import { useEffect, useEffectEvent } from 'react'
import { Outlet, useLocation } from 'react-router'
import { Later, RootOverlays, useFirstRenderDone } from '../layouts/parts/later'
import { applyDomainLanguage } from '../rules/locale'
import { navUnread, newLikes, titleWithCount } from '../rules/title'
import { captureTracking } from '../rules/tracking'
import { useAppState, useServices } from '../state/context'
import { useFormWatch } from '../state/interruptions'
import { refreshAll, resetFailedLoader } from '../state/refresh'
import { reloadForChunk } from './lazyPage'
import { MemberSession } from './member'
import { useTimeBonus } from './timeBonus'

/** useDocumentTitle: the page title with the site name and the "(N) " prefix. */
function useDocumentTitle() {
  const pageTitle = useAppState((s) => s.pageTitle)
  const siteName = useAppState((s) => s.tenant.name)
  const indexTitle = useAppState((s) => s.settings.index_title)
  const count = useAppState((s) => navUnread(s) + newLikes(s.likes))
  useEffect(() => {
    const base = pageTitle ? `${pageTitle} | ${siteName}` : indexTitle || siteName
    document.title = titleWithCount(base, count)
    const nav = navigator as Navigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> }
    if (count > 0) nav.setAppBadge?.(count).catch(() => {})
    else nav.clearAppBadge?.().catch(() => {})
  }, [pageTitle, siteName, indexTitle, count])
}

/** useSettingsRefresh asks settings.php once with the host and the route query. */
function useSettingsRefresh() {
  const { api, store } = useServices()
  const location = useLocation()
  const refresh = useEffectEvent(() => {
    applyDomainLanguage(store.get().settings.domain_language)
    const query = Object.fromEntries(new URLSearchParams(location.search))
    captureTracking(query)
    api
      .settings(window.location.hostname, query)
      .then((settings) => {
        // Settings as the boot state had them change nothing: no re-render of
        // every page part that reads them right after the first paint.
        const current = store.get().settings
        const changed = Object.entries(settings).some(([k, v]) => JSON.stringify(current[k as keyof typeof current]) !== JSON.stringify(v))
        if (changed) store.set({ settings: { ...current, ...settings } })
        applyDomainLanguage(settings.domain_language)
      })
      .catch(() => {
        // the boot settings stay in force
      })
  })
  // once per page load: the boot state is current until then
  useEffect(() => refresh(), [])
}

/**
 * useLoaderReset: a failed refresh shows the error page until the member
 * goes to another page (MemberSession, app/memberParts.tsx, polls while a
 * member is logged in).
 */
function useLoaderReset() {
  const { store } = useServices()
  const { pathname } = useLocation()
  useEffect(() => resetFailedLoader(store), [store, pathname])
}

/** useServiceWorker registers /sw.js and reloads chats and likes on a pushed message. */
function useServiceWorker() {
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
    const onMessage = (e: MessageEvent) => {
      if (e.data?.type !== 'push') return
      store.set({ push: { ...store.get().push, lastMessage: e.data.payload } })
      if (store.get().user) void refreshAll(api, store, true)
    }
    sw.addEventListener('message', onMessage)
    return () => sw.removeEventListener('message', onMessage)
  }, [api, store])
}

/** useChunkPreloadGuard reloads once when Vite cannot preload a chunk. */
function useChunkPreloadGuard() {
  useEffect(() => {
    const onError = (e: Event) => {
      if (reloadForChunk()) e.preventDefault()
    }
    window.addEventListener('vite:preloadError', onError)
    return () => window.removeEventListener('vite:preloadError', onError)
  }, [])
}

/**
 * usePageBounceLog: with the query parameter lb, an empty beacon goes to
 * page-hidden.php when the page becomes hidden.
 */
function usePageBounceLog() {
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

/**
 * Root holds what every page shares: title, polling, service worker, site-entry
 * modal, toasts, and the watch on the page's forms that keeps the
 * interruptions away from a form being edited.
 */
export function Root() {
  const loggedIn = useAppState((s) => !!s.user)
  useDocumentTitle()
  useSettingsRefresh()
  useLoaderReset()
  useServiceWorker()
  useChunkPreloadGuard()
  useTimeBonus()
  usePageBounceLog()
  useFormWatch()
  useFirstRenderDone()
  return (
    <>
      <Outlet />
      {loggedIn && <Later part={MemberSession} />}
      <Later part={RootOverlays} />
    </>
  )
}
