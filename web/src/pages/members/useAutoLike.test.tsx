import { act, cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ServicesProvider, createServices } from '../../state/context'
import { AUTO_LIKE_RELOAD_MS } from '../../state/refresh'
import { boot, user } from '../../test/fixtures'
import { jsonResponse, until } from '../../test/render'
import { useAutoLike } from './useAutoLike'

function setup() {
  const answer = (path: string) => {
    if (path.startsWith('/api/auto-like.php')) return jsonResponse(200, { id: 12, name: 'Bea', main_image: null })
    if (path.startsWith('/api/likes.php')) return jsonResponse(200, { profiles: [], liked_by: [{ id: 12, like_new: true }] })
    return jsonResponse(404, {})
  }
  const fetch = vi.fn((url: string) => Promise.resolve(answer(url)))
  const services = createServices(boot({ user: user() }), { fetch: fetch as unknown as typeof globalThis.fetch, sleep: async () => {} })
  const wrapper = ({ children }: { children: ReactNode }) => <ServicesProvider services={services}>{children}</ServicesProvider>
  const calls = (path: string) => fetch.mock.calls.filter((c) => c[0].startsWith(path)).length
  return { wrapper, calls }
}

beforeEach(() => {
  sessionStorage.clear()
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('useAutoLike', () => {
  it('reloads the likes 500 ms after an auto-like, not before', async () => {
    expect(AUTO_LIKE_RELOAD_MS).toBe(500)
    const { wrapper, calls } = setup()
    renderHook(() => useAutoLike(sessionStorage), { wrapper })
    await until(() => calls('/api/auto-like.php') === 1)
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(calls('/api/likes.php')).toBe(1)
    await act(() => vi.advanceTimersByTimeAsync(AUTO_LIKE_RELOAD_MS - 1))
    expect(calls('/api/likes.php')).toBe(1)
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(calls('/api/likes.php')).toBe(2)
  })

  it('asks once per login session', async () => {
    const { wrapper, calls } = setup()
    renderHook(() => useAutoLike(sessionStorage), { wrapper })
    await until(() => calls('/api/auto-like.php') === 1)
    cleanup()
    renderHook(() => useAutoLike(sessionStorage), { wrapper })
    await act(() => vi.advanceTimersByTimeAsync(AUTO_LIKE_RELOAD_MS))
    expect(calls('/api/auto-like.php')).toBe(1)
  })
})
