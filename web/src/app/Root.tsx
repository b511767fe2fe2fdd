import { useEffect, useEffectEvent } from 'react'
import { Outlet, useLocation } from 'react-router'
import { nextTask } from '../boot/nextTask'
import { Later, RootOverlays, useFirstRenderDone } from '../layouts/parts/later'
import { applyDomainLanguage } from '../i18n/locale'
import { navUnread, newLikes, titleWithCount } from './title'
import { captureTracking } from './tracking'
import { useAppState, useServices } from '../state/context'
import { resetFailedLoader } from '../state/store'
import { reloadForChunk } from './lazyPage'
import { MemberSession } from './member'

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
  // once per page load: the boot state is current until then. In a task
  // of its own: the cookie it reads and writes cost a phone's main thread
  // several milliseconds among the first render's effects.
  useEffect(() => {
    void nextTask().then(refresh)
  }, [])
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
 * Root holds what every page shares: title, polling, service worker, site-entry
 * modal, toasts, the bounce log, and the watch on the page's forms that keeps
 * the interruptions away from a form being edited (the service worker and
 * what follows it in RootOverlays' chunk, after the first render).
 */
export function Root() {
  const loggedIn = useAppState((s) => !!s.user)
  useDocumentTitle()
  useSettingsRefresh()
  useLoaderReset()
  useChunkPreloadGuard()
  useFirstRenderDone()
  return (
    <>
      <Outlet />
      {loggedIn && <Later part={MemberSession} />}
      <Later part={RootOverlays} />
    </>
  )
}
