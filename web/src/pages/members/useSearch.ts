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
  const { state, latest } = useLoad(key, (signal) => {
    const served = store.get().bootSearch
    if (served) {
      store.set({ bootSearch: null })
      if (served.query === params.toString() && served.result.search.per_page === PER_PAGE) return Promise.resolve(served.result)
    }
    return search(api, JSON.parse(key), signal)
  })
  if (state.status === 'done') return { status: 'done', result: state.data }
  if (state.status === 'loading') return { status: 'loading', result: latest }
  const err = state.error
  if (err instanceof ApiError && err.code === 'filter_invalid') return { status: 'invalid', field: String(err.fields.field ?? ''), result: latest }
  return { status: 'failed', result: latest }
}
