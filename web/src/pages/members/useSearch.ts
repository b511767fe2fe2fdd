import { useEffect } from 'react'
import { ApiError } from '../../api/http'
import { useLoad } from '../../api/useLoad'
import { useApi, useServices } from '../../state/context'
import { search, type SearchResult } from './discovery'
import { apiQuery, PER_PAGE, type FilterField } from './searchQuery'

export type SearchState =
  | { status: 'loading'; result: SearchResult | null }
  | { status: 'done'; result: SearchResult }
  | { status: 'invalid'; field: string; result: SearchResult | null }
  | { status: 'failed'; result: SearchResult | null }

/**
 * useSearch runs members.php for the URL's search; the last answer stays on
 * screen while the next one loads. The first search of a page served at the
 * search's address comes with the page (the boot state), once.
 */
export function useSearch(params: URLSearchParams, fields: readonly FilterField[]): SearchState {
  const api = useApi()
  const { store } = useServices()
  const key = JSON.stringify(apiQuery(params, fields))
  const { state, latest } = useLoad(key, (signal) => search(api, JSON.parse(key) as ReturnType<typeof apiQuery>, signal), {
    // The boot's answer, if the address is still the one it answers: the
    // first paint shows the results (no loading state the results replace).
    data: () => {
      const served = store.get().bootSearch
      return served && served.query === params.toString() && served.result.search.per_page === PER_PAGE ? served.result : null
    },
  })
  // The boot's answer serves the first search only.
  useEffect(() => {
    if (store.get().bootSearch) store.set({ bootSearch: null })
  }, [store])
  if (state.status === 'done') return { status: 'done', result: state.data }
  if (state.status === 'loading') return { status: 'loading', result: latest }
  const err = state.error
  if (err instanceof ApiError && err.code === 'place_unknown') return { status: 'invalid', field: 'distance', result: latest }
  if (err instanceof ApiError && err.code === 'filter_invalid') return { status: 'invalid', field: typeof err.fields.field === 'string' ? err.fields.field : '', result: latest }
  return { status: 'failed', result: latest }
}
