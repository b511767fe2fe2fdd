import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { boot, user } from '../../test/fixtures'
import { jsonResponse, renderApp } from '../../test/render'

const eva = { id: 21, name: 'Eva', age: 31, country: 'NL', gender: 'female', fictional: false, online: true, last_active_at: '2026-01-01T10:00:00Z', main_image: { filename: 'e.jpg', thumb_filename: 'et.jpg', status: 'active', match: '/media/e.jpg', url: '/media/e.jpg', thumb_url: '/media/et.jpg' }, city: 'Utrecht' }
const result = { profiles: [eva], similar: [], pages: 1, total: 1, total_capped: false, search: { country: 'NL', countryregion: '', gender: '', min_age: 18, max_age: 99 }, search_fields: ['gender'] }

function api(match: boolean, me = user(), firstTime = true) {
  return (url: string) => {
    // the match card is claimed before it shows: the server says whether it is the first time
    if (url.startsWith('/api/like-card.php')) return jsonResponse(200, { first_time: firstTime })
    // the app's polling may come on a slow machine
    if (url.startsWith('/api/user.php')) return jsonResponse(200, { user: me })
    if (url.startsWith('/api/chats.php')) return jsonResponse(200, [])
    if (url.startsWith('/api/members.php')) return jsonResponse(200, result)
    if (url.startsWith('/api/like.php')) return jsonResponse(200, { match })
    if (url.startsWith('/api/likes.php')) return jsonResponse(200, { profiles: [], liked_by: [] })
    return jsonResponse(404, { error: 'not_found', message: 'This page could not be found' })
  }
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  sessionStorage.clear()
})

describe('the match moment', () => {
  it('follows a like that makes a match: both photos, the way to the chat, and it closes', { timeout: 30_000 }, async () => {
    const base = user()
    const me = { ...base, profile: { ...base.profile!, name: 'Ann', main_image: { ...eva.main_image, url: '/media/me.jpg', thumb_url: '/media/me-t.jpg' } } }
    await renderApp(boot({ user: me }), '/members', api(true, me))
    // the first visit of the lazy page may take long on a busy machine
    const like = await screen.findByTestId('like-21', {}, { timeout: 20_000 })
    // the card says she is online
    expect(screen.getAllByText('Online now').length).toBeGreaterThan(0)
    fireEvent.click(like)
    const dialog = await screen.findByTestId('match-moment')
    expect(dialog.getAttribute('role')).toBe('dialog')
    within(dialog).getByRole('heading', { name: "It's a match!" })
    within(dialog).getByText('You and Eva like each other.')
    expect(within(dialog).getByAltText('Your photo').getAttribute('src')).toBe('/media/me-t.jpg')
    expect(within(dialog).getByAltText('Photo of Eva').getAttribute('src')).toBe('/media/et.jpg')
    expect(within(dialog).getByRole('link', { name: 'Send a message' }).getAttribute('href')).toBe('/members/21/chat')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep looking' }))
    await waitFor(() => expect(screen.queryByTestId('match-moment')).toBeNull())
  })

  it('does not show a match the member has seen before (on another device, in another page load)', { timeout: 30_000 }, async () => {
    const { fetch, services } = await renderApp(boot({ user: user() }), '/members', api(true, user(), false))
    fireEvent.click(await screen.findByTestId('like-21', {}, { timeout: 20_000 }))
    await waitFor(() => expect(fetch.mock.calls.some(([url, init]) => url === '/api/like-card.php' && typeof init?.body === 'string' && init.body.includes('"kind":"match"'))).toBe(true))
    // the answer takes the match off the queue without showing it
    await waitFor(() => expect(services.matches.first()).toBeNull())
    expect(screen.queryByTestId('match-moment')).toBeNull()
  })

  it('does not follow a like that is no match', { timeout: 30_000 }, async () => {
    await renderApp(boot({ user: user() }), '/members', api(false))
    fireEvent.click(await screen.findByTestId('like-21', {}, { timeout: 20_000 }))
    await waitFor(() => expect(screen.getByTestId('like-21').getAttribute('aria-pressed')).toBe('true'))
    expect(screen.queryByTestId('match-moment')).toBeNull()
  })
})
