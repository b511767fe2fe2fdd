// The site's catalogues (interests, regions, gifts) for pages: loaded once
// per app through the cached calls of createApi, through useLoad.
import { useServices } from '../state/context'
import type { Gift, Interest, Regions } from './types'
import { useLoad, type Loaded } from './useLoad'

const NONE: Interest[] = []

/** useInterests is the interest catalogue, empty until it came (or when it failed). */
export function useInterests(): Interest[] {
  const { api } = useServices()
  const { state } = useLoad('interests', () => api.interests())
  return state.status === 'done' ? state.data : NONE
}

/** useRegions is a country's regions, null while they load, when they failed or without a country. */
export function useRegions(country: string): Regions | null {
  const { api } = useServices()
  const { state } = useLoad(country || null, () => api.regions(country))
  return state.status === 'done' ? state.data : null
}

/** useGifts is the site's gift catalogue, loaded once it is needed (enabled). */
export function useGifts(enabled: boolean): Loaded<Gift[]> {
  const { api } = useServices()
  return useLoad(enabled ? 'gifts' : null, () => api.gifts()).state
}
