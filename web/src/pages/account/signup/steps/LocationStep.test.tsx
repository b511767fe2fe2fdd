import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Settings } from '../../../../boot/types'
import { boot, user } from '../../../../test/fixtures'
import { jsonResponse, renderApp } from '../../../../test/render'

afterEach(() => cleanup())

// The regions the fake engine answers per country, with the label in the asked language.
const regions: Record<string, { label: string; label_text: string; regions: { code: string; name: string }[] }> = {
  NL: { label: 'province', label_text: 'Province', regions: [{ code: 'NL-NH', name: 'North Holland' }] },
  BE: { label: 'province', label_text: 'Province (Belgium)', regions: [{ code: 'BE-VOV', name: 'East Flanders' }] },
  DE: { label: 'state', label_text: 'Federal state', regions: [{ code: 'DE-BY', name: 'Bavaria' }] },
  CH: { label: 'canton', label_text: 'Canton', regions: [{ code: 'CH-ZH', name: 'Zurich' }] },
}

/** A member who has a photo and no place yet continues the signup at the location step (jsdom has no geolocation: the lists show). */
async function locationStep(s: Partial<Settings>, profileCountry = '') {
  const asked: string[] = []
  const saved: Record<string, unknown>[] = []
  const handler = (url: string, init: RequestInit) => {
    if (url.startsWith('/api/regions.php')) {
      asked.push(url)
      const country = new URL(url, 'http://x').searchParams.get('country') ?? ''
      return jsonResponse(200, { country, ...regions[country] })
    }
    if (url.startsWith('/api/profile.php') && init.method === 'PUT') {
      saved.push(JSON.parse(init.body as string) as Record<string, unknown>)
      return jsonResponse(200, { profile: { id: 7, name: 'Ann' } })
    }
    return jsonResponse(404, { error: 'not_found', message: 'This page could not be found' })
  }
  const member = user()
  await renderApp(boot({ user: { ...member, profile: { ...member.profile!, country: profileCountry } } }, s), '/complete-signup', handler)
  await screen.findByTestId('geo-fallback')
  return { asked, saved }
}

describe('the location step', () => {
  it('offers the countries of a site that serves several, from the visitor’s country, and reloads the regions on a change', async () => {
    const { asked, saved } = await locationStep({ countries: ['NL', 'BE'], geoip_selected_country: 'BE' })
    const country = screen.getByLabelText<HTMLSelectElement>('Country')
    expect([...country.options].map((o) => [o.value, o.textContent])).toEqual([
      ['NL', 'Netherlands'],
      ['BE', 'Belgium'],
    ])
    expect(country.value).toBe('BE')
    // The region field is labelled with the engine's word for the country's regions, in the page's language.
    const region = await screen.findByLabelText<HTMLSelectElement>('Province (Belgium)')
    await waitFor(() => expect([...region.options].map((o) => o.value)).toEqual(['', 'BE-VOV']))
    expect(asked).toEqual(['/api/regions.php?country=BE&lang=en'])

    fireEvent.change(country, { target: { value: 'NL' } })
    const nlRegion = await screen.findByLabelText<HTMLSelectElement>('Province')
    await waitFor(() => expect([...nlRegion.options].map((o) => o.value)).toEqual(['', 'NL-NH']))
    expect(asked.at(-1)).toBe('/api/regions.php?country=NL&lang=en')
    fireEvent.change(nlRegion, { target: { value: 'NL-NH' } })
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]).toEqual({ country: 'NL', region: 'NL-NH', city: '' })
  })

  it.each([
    ['the profile’s country', { countries: ['DE', 'AT', 'CH'], geoip_selected_country: 'DE' }, 'CH', 'CH', 'Canton'],
    ['the visitor’s country when the profile’s is not served', { countries: ['DE', 'AT', 'CH'], geoip_selected_country: 'DE' }, 'US', 'DE', 'Federal state'],
    ['the first country when neither is served', { countries: ['CH', 'DE'], geoip_selected_country: 'US' }, '', 'CH', 'Canton'],
  ])('preselects %s', async (_, s, profileCountry, want, label) => {
    await locationStep(s, profileCountry)
    expect(screen.getByLabelText<HTMLSelectElement>('Country').value).toBe(want)
    await screen.findByLabelText(label)
  })

  it('shows no country choice on a site that serves one country', async () => {
    const { asked, saved } = await locationStep({ countries: ['NL'], geoip_selected_country: 'NL' })
    expect(screen.queryByLabelText('Country')).toBeNull()
    const region = await screen.findByLabelText<HTMLSelectElement>('Province')
    await waitFor(() => expect(region.options).toHaveLength(2))
    expect(asked).toEqual(['/api/regions.php?country=NL&lang=en'])
    fireEvent.change(region, { target: { value: 'NL-NH' } })
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]).toEqual({ country: 'NL', region: 'NL-NH', city: '' })
  })
})
