import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { boot, user } from '../../../test/fixtures'
import { jsonResponse, renderApp, type FetchHandler } from '../../../test/render'

afterEach(() => cleanup())

// The settings page is a lazy chunk that a busy machine transforms slowly.
const SLOW = 20_000

const code = {
  code: 'STAY-ABCD2345',
  value_percentage: 50,
  minimum_order_value: null,
  currency: null,
  country: null,
  paymentmethods: [],
  user_id: 7,
  expires: '2026-12-24T10:00:00Z',
  validity: 2592000,
  expired: false,
  status: 'active',
}

/** api answers the deletion screen's calls; the rest is not found. */
function api(offer: object, take: () => Response): { handler: FetchHandler; calls: string[] } {
  const calls: string[] = []
  const handler: FetchHandler = (url, init) => {
    const method = init.method ?? 'GET'
    calls.push(`${method} ${url}`)
    if (url.startsWith('/api/retention.php')) return method === 'POST' ? take() : jsonResponse(200, offer)
    // The page's polling (5 s after load on a slow run) finds the member as they are.
    if (url.startsWith('/api/user.php')) return jsonResponse(200, { user: user() })
    if (url.startsWith('/api/chats.php')) return jsonResponse(200, [])
    if (url.startsWith('/api/likes.php')) return jsonResponse(200, { profiles: [], liked_by: [] })
    if (url.startsWith('/api/brands.php'))
      return jsonResponse(200, { company: 'Lokaal Media B.V.', brands: [{ name: 'Lokaal Dates', url: 'https://lokaaldates.nl/' }] })
    if (url.startsWith('/api/notifications.php')) return jsonResponse(200, { types: ['message'], disabled: [], email_disabled: [] })
    if (url.startsWith('/api/account.php') && method === 'DELETE') return jsonResponse(202, { purge_at: '2026-12-08T10:00:00Z' })
    return jsonResponse(404, { error: 'not_found', message: 'x' })
  }
  return { handler, calls }
}

async function openDeletion(handler: FetchHandler) {
  const view = await renderApp(boot({ user: user() }), '/notifications', handler)
  await screen.findByTestId('notifications-form')
  fireEvent.click(await screen.findByTestId('delete-account'))
  return { ...view, dialog: await screen.findByTestId('delete-confirm') }
}

describe('the deletion screen', () => {
  it("offers the company's discount to stay; taking it shows the code and deletes nothing", async () => {
    const { handler, calls } = api({ offered: true, taken: false, value_percentage: 50, valid_days: 30 }, () => jsonResponse(201, code))
    const { dialog } = await openDeletion(handler)
    const others = await within(dialog).findByTestId('delete-other-brands')
    expect(within(others).getByRole('link', { name: 'Lokaal Dates' }).getAttribute('href')).toBe('https://lokaaldates.nl/')
    expect(others.textContent).toContain('Also from Lokaal Media B.V.')
    const offer = await within(dialog).findByTestId('retention-offer')
    expect(offer.textContent).toContain('Stay with us and get 50% off your next purchase. Your personal code is valid for 30 days.')
    fireEvent.click(within(offer).getByRole('button', { name: 'Stay and get 50% off' }))
    const shown = await screen.findByTestId('retention-code')

    expect(shown.textContent).toContain('STAY-ABCD2345')
    expect(shown.textContent).toContain('50% off your next purchase until December 24, 2026')
    expect(within(shown).getByRole('link', { name: 'Use my code now' }).getAttribute('href')).toBe('/credits?discount_code=STAY-ABCD2345')
    expect(within(screen.getByTestId('delete-confirm')).getByText('Thanks for staying!')).toBeTruthy()
    expect(calls).toContain('POST /api/retention.php')
    expect(calls.some((c) => c.startsWith('DELETE'))).toBe(false)
  }, SLOW)

  it('goes straight to the confirmation without an offer', async () => {
    const { handler, calls } = api({ offered: false, taken: true, value_percentage: 0, valid_days: 0 }, () => jsonResponse(500, {}))
    const { dialog, router } = await openDeletion(handler)
    await waitFor(() => expect(calls).toContain('GET /api/retention.php'))
    expect(within(dialog).queryByTestId('retention-offer')).toBeNull()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/account-deleted'))
    expect(calls).toContain('DELETE /api/account.php')
  }, SLOW)

  it("says so when the server refuses a second code, and leaves the confirmation", async () => {
    const { handler } = api({ offered: true, taken: false, value_percentage: 30, valid_days: 30 }, () =>
      jsonResponse(409, { error: 'retention_offer_taken', message: 'You have had this offer already.' }),
    )
    const { dialog } = await openDeletion(handler)
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Stay and get 30% off' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe('You have had this offer already.')
    expect(within(dialog).queryByTestId('retention-offer')).toBeNull()
    expect(within(dialog).getByRole('button', { name: 'Yes, delete my account' })).toBeTruthy()
  }, SLOW)
})
