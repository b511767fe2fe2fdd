import { cleanup, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { boot, user } from '../test/fixtures'
import { jsonResponse, renderApp } from '../test/render'
import { hasFictional } from './FictionalLegend'

// The first visit of a lazy page transforms its chunk, slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 })

const card = (id: number, fictional: boolean) => ({
  id,
  name: `P${id}`,
  age: 31,
  country: 'NL',
  gender: 'female',
  fictional,
  last_active_at: null,
  main_image: null,
  city: 'Utrecht',
})
const search = (profiles: ReturnType<typeof card>[], similar: ReturnType<typeof card>[] = []) => ({
  profiles,
  similar,
  pages: 1,
  total: profiles.length,
  total_capped: false,
  search: { country: 'NL', countryregion: '', gender: '', min_age: 18, max_age: 99 },
  search_fields: ['gender'],
})

/** api answers the search, the likes lists and the swipe game with the given cards. */
const api = (cards: ReturnType<typeof card>[]) => (url: string) => {
  if (url.startsWith('/api/members.php')) return jsonResponse(200, search(cards))
  if (url.startsWith('/api/likes.php')) {
    const entries = cards.map((c) => ({ ...c, like_new: false, match: true }))
    return jsonResponse(200, { type: 'matches', profiles: entries, liked_by: entries, matches: entries, new_likes: 0 })
  }
  if (url.startsWith('/api/swipe.php')) return jsonResponse(200, { profiles: cards, likes_left: 4, limit: 4 })
  if (url.startsWith('/api/chats.php')) return jsonResponse(200, [])
  if (url.startsWith('/api/auto-like.php')) return jsonResponse(204, null)
  return jsonResponse(404, { error: 'not_found', message: 'This page could not be found' })
}

// Transform the lazy pages' chunks once, before the first test renders one.
beforeAll(async () => {
  await Promise.all([import('../pages/members'), import('../pages/likes'), import('../pages/matches')])
}, 60_000)
afterEach(cleanup)

describe('the fictional profiles legend', () => {
  it('is not there when no shown profile is fictional', async () => {
    await renderApp(boot({ user: user() }), '/members', api([card(1, false), card(3, false)]))
    await screen.findAllByTestId('profile-card')
    expect(screen.queryByTestId('fictional-legend')).toBeNull()
  })

  it('names the fictional profiles of the search results in the plural, with the icon and the warning', async () => {
    await renderApp(boot({ user: user() }), '/members', api([card(1, false), card(2, true)]))
    const legend = await screen.findByTestId('fictional-legend')
    expect(legend.querySelector('strong')?.textContent).toBe('Fictional profiles')
    expect(legend.querySelector('strong svg')).toBeTruthy()
    expect(legend.textContent).toContain('Some profiles are fictional.')
    // the cards keep the singular tag
    expect(screen.getAllByTestId('fictional-tag').map((t) => t.textContent)).toEqual(['Fictional profile'])
  })

  it("uses the tenant's own plural", async () => {
    await renderApp(boot({ user: user() }, { fictional_plural: 'Fictieve profielen', fictional_warning: '' }), '/members', api([card(2, true)]))
    const legend = await screen.findByTestId('fictional-legend')
    expect(legend.textContent).toBe('Fictieve profielen')
  })

  it('is beside the matches list and the swipe game when they show a fictional profile', async () => {
    await renderApp(boot({ user: user() }), '/likes/matches', api([card(2, true)]))
    expect((await screen.findByTestId('fictional-legend')).textContent).toContain('Fictional profiles')
    cleanup()
    await renderApp(boot({ user: user() }), '/swipe-game', api([card(2, true), card(1, false)]))
    await screen.findByTestId('swipe-card')
    expect((await screen.findByTestId('fictional-legend')).textContent).toContain('Fictional profiles')
    cleanup()
    await renderApp(boot({ user: user() }), '/swipe-game', api([card(1, false), card(2, true)]))
    await screen.findByTestId('swipe-card')
    expect(screen.queryByTestId('fictional-legend')).toBeNull()
  })
})

describe('hasFictional', () => {
  it('is true only when a profile is fictional', () => {
    expect(hasFictional([])).toBe(false)
    expect(hasFictional([{ fictional: false }, {}])).toBe(false)
    expect(hasFictional([{ fictional: false }, { fictional: true }])).toBe(true)
  })
})
