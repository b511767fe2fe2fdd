import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { boot } from '../../test/fixtures'
import { jsonResponse, renderApp } from '../../test/render'
import type { InfoPageText } from './api'

afterEach(() => cleanup())

const terms: InfoPageText = {
  name: 'terms',
  lang: 'en',
  title: 'Terms and conditions',
  version: '2024-03-01',
  custom: false,
  blocks: [
    { type: 'p', text: [{ text: 'Run by ' }, { text: 'Lokaal Media B.V.', strong: true }, { text: '.' }] },
    { type: 'h2', text: [{ text: 'Credits' }] },
    { type: 'ul', items: [[{ text: 'See the ' }, { text: 'return policy', href: '/pages/return-policy' }], [{ text: 'support@lustlokaal.example', href: 'mailto:support@lustlokaal.example' }]] },
  ],
}

describe('info pages', () => {
  it('draws the engine text as a heading outline, lists and links, in the site language', async () => {
    const asked: string[] = []
    await renderApp(boot(), '/pages/terms', (url) => {
      if (url.startsWith('/api/page.php')) {
        asked.push(url)
        return jsonResponse(200, terms)
      }
      return jsonResponse(404, {})
    })
    const page = await screen.findByTestId('info-text')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Terms and conditions')
    expect(within(page).getByRole('heading', { level: 2 }).textContent).toBe('Credits')
    expect(within(page).getAllByRole('listitem')).toHaveLength(2)
    expect(within(page).getByRole('link', { name: 'return policy' }).getAttribute('href')).toBe('/pages/return-policy')
    expect(within(page).getByRole('link', { name: 'support@lustlokaal.example' }).getAttribute('href')).toBe('mailto:support@lustlokaal.example')
    expect(page.querySelector('strong')?.textContent).toBe('Lokaal Media B.V.')
    expect(asked[0]).toContain('name=terms')
    expect(asked[0]).toContain('lang=en')
  })

  it('says so when the text cannot be loaded, keeping the title', async () => {
    await renderApp(boot(), '/faq', (url) =>
      url.startsWith('/api/page.php') ? jsonResponse(422, { error: 'invalid_language', message: 'The site is not offered in that language.' }) : jsonResponse(404, {}),
    )
    expect((await screen.findByRole('alert')).textContent).toContain('not offered')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('FAQ')
  })
})
