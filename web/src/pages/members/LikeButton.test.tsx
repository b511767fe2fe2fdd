import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { boot, user } from '../../test/fixtures'
import { jsonResponse, renderApp } from '../../test/render'

const card = { id: 21, name: 'Eva', age: 31, country: 'NL', gender: 'female', fictional: false, last_active_at: '2026-01-01T10:00:00Z', main_image: null, city: 'Utrecht' }
const result = {
  profiles: [card],
  similar: [],
  pages: 1,
  total: 1,
  total_capped: false,
  search: { country: 'NL', countryregion: '', gender: '', min_age: 18, max_age: 99 },
  search_fields: ['gender'],
}

/** api answers the search; a like.php call is counted and refused as the server refuses a visitor. */
function api() {
  const likes: string[] = []
  const handler = (url: string, init: RequestInit) => {
    if (url.startsWith('/api/members.php')) return jsonResponse(200, result)
    if (url.startsWith('/api/like.php')) {
      likes.push(init.body as string)
      return jsonResponse(403, { error: 'authentication_required', message: 'Authentication required' })
    }
    return jsonResponse(404, { error: 'not_found', message: 'This page could not be found' })
  }
  return { handler, likes }
}

const desktop = (matches: boolean) => vi.stubGlobal('matchMedia', (query: string) => ({ matches, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }))

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('a like by a logged-out visitor', () => {
  it('opens the signup modal for the profile on desktop, with no like sent and no error', async () => {
    desktop(true)
    const { handler, likes } = api()
    const { services } = await renderApp(boot(), '/members', handler)
    fireEvent.click(await screen.findByTestId('like-21'))
    await waitFor(() => expect(services.store.get().signup).toMatchObject({ open: true, profileId: 21 }))
    expect(likes).toEqual([])
    expect(screen.queryByText('An error has occurred.')).toBeNull()
  })

  it("leads to the profile's signup page on a smartphone", async () => {
    desktop(false)
    const { handler, likes } = api()
    const { router } = await renderApp(boot(), '/members', handler)
    fireEvent.click(await screen.findByTestId('like-21'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/members/21/signup'))
    expect(likes).toEqual([])
  })

  it('invites to sign up when the session ended before the like (the server answers authentication_required)', async () => {
    desktop(true)
    const { handler, likes } = api()
    const { services } = await renderApp(boot({ user: user() }), '/members', handler)
    fireEvent.click(await screen.findByTestId('like-21'))
    await waitFor(() => expect(services.store.get().signup).toMatchObject({ open: true, profileId: 21 }))
    expect(likes).toHaveLength(1)
    expect(services.store.get().user).toBeNull()
    expect(screen.queryByText('An error has occurred.')).toBeNull()
  })
})
