import { describe, expect, it, vi } from 'vitest'
import { createApi, once } from './calls'
import type { HttpClient } from './http'

function fakeHttp(answer: (path: string) => unknown) {
  const get = vi.fn((path: string, opts?: { query?: Record<string, unknown> }) => {
    void opts
    return Promise.resolve(answer(path))
  })
  return { http: { get } as unknown as HttpClient, get }
}

describe('api calls', () => {
  it('loads interests, regions and company info once, then from the cache', async () => {
    const { http, get } = fakeHttp((p) => (p.includes('regions') ? { country: 'NL', label: 'province', regions: [] } : []))
    const api = createApi(http)
    await api.interests()
    await api.interests()
    await api.companyInfo()
    await api.companyInfo()
    await api.regions('NL')
    await api.regions('NL')
    await api.regions('BE')
    await api.regions('BE', 'de')
    await api.regions('BE', 'de')
    expect(get.mock.calls.map((c) => c[0])).toEqual([
      '/api/interests.php',
      '/api/companyinfo.php',
      '/api/regions.php',
      '/api/regions.php',
      '/api/regions.php',
    ])
    expect(get.mock.calls.slice(2).map((c) => c[1])).toEqual([
      { query: { country: 'NL', lang: undefined } },
      { query: { country: 'BE', lang: undefined } },
      { query: { country: 'BE', lang: 'de' } },
    ])
  })

  it('loads again after a failure', async () => {
    let n = 0
    const load = once(() => {
      n++
      return n === 1 ? Promise.reject(new Error('down')) : Promise.resolve(n)
    })
    await expect(load()).rejects.toThrow('down')
    await expect(load()).resolves.toBe(2)
    await expect(load()).resolves.toBe(2)
  })

  it('asks settings with the host as domain plus the route query', async () => {
    const { http, get } = fakeHttp(() => ({}))
    await createApi(http).settings('de.localhost', { network: 'aff', domain: 'evil' })
    expect(get).toHaveBeenCalledWith('/api/settings.php', { query: { network: 'aff', domain: 'de.localhost' } })
  })
})
