import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react'
import type { Api } from '../api/calls'
import { createApi } from '../api/calls'
import type { ClientOptions } from '../api/http'
import { laterClient } from '../api/laterClient'
import type { Boot } from '../boot/types'
import { createInterruptions, type Interruptions } from '../features/interruptions/queue'
import { createMatchQueue, type MatchQueue } from './match'
import { createNewLikerQueue, type NewLikerQueue } from './newLikers'
import { createStore, initialState, loggedOut, type AppState, type AppStore } from './store'
import { createToasts, type Toasts } from './toasts'

export interface Services {
  store: AppStore
  api: Api
  toasts: Toasts
  /** interruptions is the one queue of banners, modals and pop-ups. */
  interruptions: Interruptions
  /** newLikers are the likes the new-like popup has still to show. */
  newLikers: NewLikerQueue
  /** matches are the matches the match moment has still to celebrate. */
  matches: MatchQueue
}

/** createServices builds the store and the API client of one app instance. */
export function createServices(boot: Boot, client: ClientOptions = {}): Services {
  const store = createStore<AppState>(initialState(boot))
  const toasts = createToasts()
  const http = laterClient({
    language: () => store.get().locale,
    ...client,
    onAuthRequired: () => {
      if (store.get().user) {
        store.set(loggedOut())
        toasts.show('auth.sessionEnded')
      }
      client.onAuthRequired?.()
    },
  })
  return { store, api: createApi(http), toasts, interruptions: createInterruptions(), newLikers: createNewLikerQueue(), matches: createMatchQueue() }
}

const ServicesContext = createContext<Services | null>(null)

export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>
}

/** useMaybeServices is the services, or null outside a ServicesProvider (a component alone in a test). */
export const useMaybeServices = (): Services | null => useContext(ServicesContext)

export function useServices(): Services {
  const s = useContext(ServicesContext)
  if (!s) throw new Error('useServices outside ServicesProvider')
  return s
}

/** useAppState selects a slice of the app state; select stable values only. */
export function useAppState<T>(select: (s: AppState) => T): T {
  const { store } = useServices()
  return useSyncExternalStore(store.subscribe, () => select(store.get()), () => select(store.get()))
}

export const useApi = (): Api => useServices().api
