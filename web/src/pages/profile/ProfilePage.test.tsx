import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { boot, user } from '../../test/fixtures'
import { jsonResponse, renderApp } from '../../test/render'

const profile = {
  id: 21, name: 'Ann', age: 30, gender: 'female', seeking: 'male', sexuality: 'hetero', date_of_birth: '1995-04-03T00:00:00Z',
  country: 'NL', region: 'NH', region_name: 'Noord-Holland', city: 'Amsterdam', interests: [], hair_color: '', eye_color: '',
  body_type: '', relationship_status: '', tattoos: '', about_me: 'Hi', status: 'active', invisible: false, main_image: null, photos: [],
}

const regions: Record<string, unknown> = {
  NL: { country: 'NL', label: 'province', regions: [{ code: 'NH', name: 'Noord-Holland' }, { code: 'UT', name: 'Utrecht' }] },
  BE: { country: 'BE', label: 'province', regions: [{ code: 'VAN', name: 'Antwerpen' }] },
}

function api() {
  const saves: Array<Record<string, unknown>> = []
  const handler = (url: string, init: RequestInit) => {
    if (url.startsWith('/api/profile.php') && init.method === 'PUT') {
      const body = JSON.parse(init.body as string) as Record<string, unknown>
      saves.push(body)
      return jsonResponse(200, { profile: { ...profile, ...body }, options: {}, photo_limit: 10 })
    }
    if (url.startsWith('/api/profile.php')) return jsonResponse(200, { profile, options: {}, photo_limit: 10 })
    if (url.startsWith('/api/photos.php')) return jsonResponse(200, { photos: [], photo_limit: 10 })
    if (url.startsWith('/api/regions.php')) return jsonResponse(200, regions[new URL(url, 'http://x').searchParams.get('country') ?? ''] ?? { regions: [] })
    if (url.startsWith('/api/interests.php')) return jsonResponse(200, [])
    return jsonResponse(404, { error: 'not_found', message: 'This page could not be found' })
  }
  return { handler, saves }
}

afterEach(cleanup)

describe('the profile editor', () => {
  it('changes the country after other edits without losing them, and saves both', async () => {
    const { handler, saves } = api()
    await renderApp(boot({ user: user() }), '/profile', handler)
    fireEvent.click(await screen.findByTestId('profile-edit'))
    const form = await screen.findByTestId('profile-form')
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Antwerpen' } })
    const country = screen.getByLabelText<HTMLSelectElement>('Country')
    fireEvent.change(country, { target: { value: 'BE' } })
    fireEvent.change(country, { target: { value: 'NL' } })
    fireEvent.change(country, { target: { value: 'BE' } })
    expect(screen.getByTestId('profile-form')).toBe(form)
    expect(country.value).toBe('BE')
    expect(screen.getByLabelText<HTMLInputElement>('City').value).toBe('Antwerpen')
    expect(screen.getByLabelText<HTMLSelectElement>('Region').value).toBe('')
    fireEvent.click(screen.getByTestId('profile-save'))
    await waitFor(() => expect(saves).toHaveLength(1))
    expect(saves[0]).toEqual({ country: 'BE', region: '', city: 'Antwerpen' })
  })
})
