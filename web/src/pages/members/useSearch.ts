import { useEffect, useState } from 'react'
import { ApiError } from '../../api/http'
import { useApi } from '../../state/context'
import { search, type SearchResult } from './discovery'
import { apiQuery, type FilterField } from './searchQuery'

export type SearchState =
  | { status: 'loading'; result: SearchResult | null }
  | { status: 'done'; result: SearchResult }
  | { status: 'invalid'; field: string; result: SearchResult | null }
  | { status: 'failed'; result: SearchResult | null }

/**
 * useSearch runs members.php for the URL's search; the last answer stays on
 * screen while the next one loads.
 */
export function useSearch(params: URLSearchParams, fields: readonly FilterField[]): SearchState {
  const api = useApi()
  const key = JSON.stringify(apiQuery(params, fields))
  const [state, setState] = useState<SearchState>({ status: 'loading', result: null })
  useEffect(() => {
    let live = true
    setState((s) => ({ status: 'loading', result: s.result }))
    search(api, JSON.parse(key))
      .then((result) => live && setState({ status: 'done', result }))
      .catch((err) => {
        if (!live) return
        if (err instanceof ApiError && err.code === 'filter_invalid') {
          setState((s) => ({ status: 'invalid', field: String(err.fields.field ?? ''), result: s.result }))
        } else setState((s) => ({ status: 'failed', result: s.result }))
      })
    return () => {
      live = false
    }
  }, [api, key])
  return state
}
