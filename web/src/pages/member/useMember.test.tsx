import { cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MemberProfile } from '../../api/types'
import { ServicesProvider, createServices } from '../../state/context'
import { boot } from '../../test/fixtures'
import { jsonResponse, until } from '../../test/render'
import { useMember } from './hooks'

const profile = (name: string): MemberProfile =>
  ({ id: 9, name, gender: 'female', country: 'NL', main_image: null, photos: [], photos_hidden: 0, is_house: false, blocked: false, online: false }) as unknown as MemberProfile

function setup(served: MemberProfile | null) {
  const fetch = vi.fn(() => Promise.resolve(jsonResponse(200, { profile: profile('Fetched') })))
  const services = createServices(boot({ member: served }), { fetch: fetch as unknown as typeof globalThis.fetch, sleep: async () => {} })
  const wrapper = ({ children }: { children: ReactNode }) => <ServicesProvider services={services}>{children}</ServicesProvider>
  return { wrapper, fetch, services }
}

afterEach(cleanup)

describe('useMember', () => {
  it('shows the profile that came with the page on the first render, without calling member.php, once', () => {
    const { wrapper, fetch, services } = setup(profile('Served'))
    const { result } = renderHook(() => useMember(9, null), { wrapper })
    expect(result.current.load).toMatchObject({ state: 'ready', profile: { name: 'Served' } })
    expect(fetch).not.toHaveBeenCalled()
    expect(services.store.get().bootMember).toBeNull()
  })

  it('asks member.php for another member, or for a logged-in viewer', async () => {
    for (const [id, viewer] of [
      [10, null],
      [9, 7],
    ] as const) {
      const { wrapper, fetch } = setup(profile('Served'))
      const { result, unmount } = renderHook(() => useMember(id, viewer), { wrapper })
      expect(result.current.load.state).toBe('loading')
      await until(() => result.current.load.state === 'ready')
      expect(result.current.load).toMatchObject({ state: 'ready', profile: { name: 'Fetched' } })
      expect(fetch).toHaveBeenCalledTimes(1)
      unmount()
    }
  })
})
