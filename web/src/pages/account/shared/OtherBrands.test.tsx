import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { boot } from '../../../test/fixtures'
import { jsonResponse, renderApp, type FetchHandler } from '../../../test/render'

afterEach(() => cleanup())

const SLOW = 20_000

const answering = (brands: object): { handler: FetchHandler; asked: () => boolean } => {
  let asked = false
  return {
    handler: (url) => {
      if (url.startsWith('/api/brands.php')) {
        asked = true
        return jsonResponse(200, brands)
      }
      return jsonResponse(404, { error: 'not_found', message: 'x' })
    },
    asked: () => asked,
  }
}

describe("the company's other brands (member_resell)", () => {
  it('lists the brands the server names on the account-deleted page, linked to their home', async () => {
    const { handler } = answering({
      company: 'Lokaal Media B.V.',
      brands: [
        { name: 'Lokaal Dates', url: 'https://lokaaldates.nl/' },
        { name: 'Lokaal België', url: 'https://lokaal.be/' },
      ],
    })
    await renderApp(boot(), '/account-deleted', handler)
    const section = await screen.findByTestId('other-brands')
    expect(within(section).getByRole('heading', { name: 'Also from Lokaal Media B.V.' })).toBeTruthy()
    const links = within(section).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])
    expect(links).toEqual([
      ['Lokaal Dates', 'https://lokaaldates.nl/'],
      ['Lokaal België', 'https://lokaal.be/'],
    ])
  }, SLOW)

  it('says it in Dutch', async () => {
    const { handler } = answering({ company: 'Lokaal Media B.V.', brands: [{ name: 'Lokaal Dates', url: 'https://lokaaldates.nl/' }] })
    await renderApp(boot({ locale: 'nl' }), '/account-deleted', handler)
    expect(within(await screen.findByTestId('other-brands')).getByRole('heading').textContent).toBe('Ook van Lokaal Media B.V.')
  }, SLOW)

  it('shows nothing when the server lists none', async () => {
    const { handler, asked } = answering({ company: 'Spark Social LLC', brands: [] })
    await renderApp(boot(), '/account-deleted', handler)
    await screen.findByTestId('account-deleted')
    await waitFor(() => expect(asked()).toBe(true))
    expect(screen.queryByTestId('other-brands')).toBeNull()
  }, SLOW)
})
