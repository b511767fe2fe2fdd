// The region field is labelled with regions.php's label_text, the country's
// own word for a region in the page's language, on the search form and in
// the profile editor (the signup's location step does the same).
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { boot, user } from '../../test/fixtures'
import { jsonResponse, renderApp } from '../../test/render'

const regions: Record<string, unknown> = {
  NL: { country: 'NL', label: 'province', label_text: 'Provincie', regions: [{ code: 'NH', name: 'Noord-Holland' }] },
  BE: { country: 'BE', label: 'province', label_text: 'Provincie (België)', regions: [{ code: 'VAN', name: 'Antwerpen' }] },
}

const profile = {
  id: 7, name: 'Ann', age: 30, gender: 'female', seeking: 'male', sexuality: 'hetero', date_of_birth: '1995-04-03T00:00:00Z',
  country: 'NL', region: 'NH', region_name: 'Noord-Holland', city: 'Amsterdam', interests: [], hair_color: '', eye_color: '',
  body_type: '', relationship_status: '', tattoos: '', about_me: 'Hi', status: 'active', invisible: false, main_image: null, photos: [],
}

function handler(url: string) {
  if (url.startsWith('/api/regions.php')) return jsonResponse(200, regions[new URL(url, 'http://x').searchParams.get('country') ?? ''] ?? { regions: [] })
  if (url.startsWith('/api/members.php')) {
    const country = new URL(url, 'http://x').searchParams.get('country') ?? 'NL'
    return jsonResponse(200, {
      profiles: [], similar: [], pages: 0, total: 0, total_capped: false,
      search: { country, countryregion: '', gender: '', min_age: 18, max_age: 99 }, search_fields: ['country', 'countryregion'],
    })
  }
  if (url.startsWith('/api/profile.php')) return jsonResponse(200, { profile, options: {}, photo_limit: 10 })
  if (url.startsWith('/api/photos.php')) return jsonResponse(200, { photos: [], photo_limit: 10 })
  if (url.startsWith('/api/interests.php')) return jsonResponse(200, [])
  return jsonResponse(404, { error: 'not_found', message: 'This page could not be found' })
}

// The answers come through the app's loads; a busy machine takes a while.
const wait = { timeout: 10000 }

afterEach(cleanup)

describe('the region label', () => {
  it("is the engine's label_text on the search form, following the country", async () => {
    await renderApp(boot(), '/members?country=NL', handler)
    const region = await screen.findByLabelText('Provincie', {}, wait)
    expect(region.tagName).toBe('SELECT')
    expect(screen.queryByLabelText('Province')).toBeNull()
    fireEvent.change(await screen.findByLabelText('Country', {}, wait), { target: { value: 'BE' } })
    expect((await screen.findByLabelText('Provincie (België)', {}, wait)).tagName).toBe('SELECT')
  }, 30000)

  it("is the engine's label_text in the profile editor, following the country", async () => {
    await renderApp(boot({ user: user() }), '/profile', handler)
    fireEvent.click(await screen.findByTestId('profile-edit', {}, wait))
    expect((await screen.findByLabelText('Provincie', {}, wait)).tagName).toBe('SELECT')
    fireEvent.change(await screen.findByLabelText('Country', {}, wait), { target: { value: 'BE' } })
    expect((await screen.findByLabelText('Provincie (België)', {}, wait)).tagName).toBe('SELECT')
  }, 30000)
})
