import { useCallback, useSyncExternalStore } from 'react'
import { useMatches, useNavigate } from 'react-router'
import { changeLocale } from '../i18n/i18n'
import { writeLocaleCookie } from '../i18n/locale'
import { useApi, useServices } from '../state/context'
import { loggedOut } from '../state/store'
import type { LayoutName } from './routeTable'

export interface RouteHandle {
  name: string
  layout: LayoutName
}

/** useRouteHandle is the current page's route name and layout. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches()
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i].handle as RouteHandle | undefined
    if (h?.name) return h
  }
  return undefined
}

/** useLogout ends the session and returns home. */
export function useLogout(): () => Promise<void> {
  const { store, api } = useServices()
  const navigate = useNavigate()
  return useCallback(async () => {
    try {
      await api.logout()
    } catch {
      // the session is dropped locally either way
    }
    store.set(loggedOut())
    void navigate('/')
  }, [api, store, navigate])
}

/** useChangeLanguage switches the language, remembers it in the locale cookie and on the member. */
export function useChangeLanguage(): (locale: string) => Promise<void> {
  const { store } = useServices()
  const api = useApi()
  return useCallback(
    async (locale: string) => {
      writeLocaleCookie(locale)
      await changeLocale(locale)
      store.set({ locale })
      if (store.get().user) {
        try {
          await api.setLanguage(locale)
        } catch {
          // the cookie keeps the choice when the member cannot be updated
        }
      }
    },
    [api, store],
  )
}

/** isDesktop: the signup is a modal from the sm breakpoint (576 px) up, a page on smartphones below it. */
export function isDesktop(win: Window = window): boolean {
  return typeof win.matchMedia === 'function' && win.matchMedia('(min-width: 576px)').matches
}

/** PHONE_QUERY: the screens below the md breakpoint (768 px), which get the app shell's tab bar. */
export const PHONE_QUERY = '(max-width: 767.98px)'

/** isPhone: the screen is below the md breakpoint (false where matchMedia is missing, as in tests). */
export function isPhone(win: Window = window): boolean {
  return typeof win.matchMedia === 'function' && win.matchMedia(PHONE_QUERY).matches
}

/** useMediaQuery follows a media query (false where matchMedia is missing, as in tests). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {}
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  )
}
