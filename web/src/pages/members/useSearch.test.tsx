import { cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SearchResult } from '../../api/types'
import { ServicesProvider, createServices } from '../../state/context'
import { boot } from '../../test/fixtures'
import { jsonResponse, until } from '../../test/render'
import { PER_PAGE } from './searchQuery'
import { useSearch } from './useSearch'

const result = (name: string, perPage = PER_PAGE): SearchResult =>
  ({
    profiles: [{ id: 7, name, gender: 'female', country: 'NL', main_image: null, fictional: false, last_active_at: '2026-11-24T00:00:00Z' }],
    total: 1,
    total_capped: false,
    similar: [],
    search: { gender: 'female', country: '', countryregion: '', min_age: 0, max_age: 0, page: 1, per_page: perPage },
    search_fields: ['gender'],
    pages: 1,
  }) as unknown as SearchResult

function setup(served: SearchResult | null, address: string) {
  window.history.replaceState(null, '', address)
  const fetch = vi.fn(() => Promise.resolve(jsonResponse(200, result('Fetched'))))
  const services = createServices(boot({ search: served }), { fetch: fetch as unknown as typeof globalThis.fetch, sleep: async () => {} })
  const wrapper = ({ children }: { children: ReactNode }) => <ServicesProvider services={services}>{children}</ServicesProvider>
  return { wrapper, fetch }
}

afterEach(() => {
  cleanup()
  window.history.replaceState(null, '', '/')
})

describe('useSearch', () => {
  it('shows the search that came with the page without calling members.php', () => {
    const { wrapper, fetch } = setup(result('Served'), '/members?gender=female')
    const { result: hook } = renderHook(() => useSearch(new URLSearchParams('gender=female'), ['gender']), { wrapper })
    // On the first render already: the first paint shows the results.
    expect(hook.current.status).toBe('done')
    expect(hook.current.result?.profiles[0].name).toBe('Served')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('asks members.php when the address changed since the page came, or the page size differs', async () => {
    for (const [served, params] of [
      [result('Served'), 'gender=male'],
      [result('Served', 20), 'gender=female'],
    ] as const) {
      const { wrapper, fetch } = setup(served, '/members?gender=female')
      const { result: hook, unmount } = renderHook(() => useSearch(new URLSearchParams(params), ['gender']), { wrapper })
      await until(() => hook.current.status === 'done')
      expect(hook.current.result?.profiles[0].name).toBe('Fetched')
      expect(fetch).toHaveBeenCalledTimes(1)
      unmount()
    }
  })
})
