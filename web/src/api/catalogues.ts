// The site's catalogues (interests, regions, gifts) for pages: loaded once
// per app through the cached calls of createApi, through useLoad.
import { useAppState, useServices } from '../state/context'
import type { Gift, Interest, Regions } from './types'
import { useLoad, type Loaded } from './useLoad'

const NONE: Interest[] = []

/** useInterests is the interest catalogue, empty until it came (or when it failed). */
export function useInterests(): Interest[] {
  const { api } = useServices()
  const { state } = useLoad('interests', () => api.interests())
  return state.status === 'done' ? state.data : NONE
}

/**
 * useRegions is a country's regions, null while they load, when they failed
 * or without a country; label_text is the region label in the page's language.
 */
export function useRegions(country: string): Regions | null {
  const { api } = useServices()
  const lang = useAppState((s) => s.locale)
  const { state } = useLoad(country ? `${country}|${lang}` : null, () => api.regions(country, lang))
  return state.status === 'done' ? state.data : null
}

/** useGifts is the site's gift catalogue, loaded once it is needed (enabled). */
export function useGifts(enabled: boolean): Loaded<Gift[]> {
  const { api } = useServices()
  return useLoad(enabled ? 'gifts' : null, () => api.gifts()).state
}
