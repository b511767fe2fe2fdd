import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { DataExport } from '../../../api/types'
import { boot, user } from '../../../test/fixtures'
import { jsonResponse, renderApp, type FetchHandler } from '../../../test/render'
import { building, canAsk } from './DataExport'

afterEach(() => cleanup())

// The settings page is a lazy chunk that a busy machine transforms slowly.
const SLOW = 20_000

const copy = (over: Partial<DataExport>): DataExport => ({
  id: 4,
  status: 'pending',
  progress: 0,
  requested_at: '2026-11-29T08:00:00Z',
  by_staff: false,
  next_request_at: '2026-11-30T08:00:00Z',
  ...over,
})

describe('the rules of the data copy', () => {
  it('asks again only when nothing builds and the day is over', () => {
    const next = Date.parse('2026-11-30T08:00:00Z')
    expect(canAsk(null, next)).toBe(true)
    expect(canAsk(copy({ status: 'building' }), next + 1)).toBe(false)
    expect(canAsk(copy({ status: 'ready' }), next - 1)).toBe(false)
    expect(canAsk(copy({ status: 'ready' }), next)).toBe(true)
    expect(building(copy({ status: 'ready' }))).toBe(false)
    expect(building(copy({ status: 'pending' }))).toBe(true)
  })
})

/** api answers the settings page's calls: the copy's state moves on with each poll. */
function api(states: (DataExport | null)[], post: () => Response): { handler: FetchHandler; calls: string[] } {
  const calls: string[] = []
  let polls = 0
  const handler: FetchHandler = (url, init) => {
    const method = init.method ?? 'GET'
    calls.push(`${method} ${url}`)
    if (url.startsWith('/api/data-export.php')) {
      if (method === 'POST') return post()
      const state = states[Math.min(polls++, states.length - 1)]
      return jsonResponse(200, { export: state })
    }
    if (url.startsWith('/api/user.php')) return jsonResponse(200, { user: user() })
    if (url.startsWith('/api/chats.php')) return jsonResponse(200, [])
    if (url.startsWith('/api/likes.php')) return jsonResponse(200, { profiles: [], liked_by: [] })
    if (url.startsWith('/api/notifications.php')) return jsonResponse(200, { types: ['message'], disabled: [], email_disabled: [] })
    return jsonResponse(404, { error: 'not_found', message: 'x' })
  }
  return { handler, calls }
}

describe('DataExport', () => {
  it(
    'requests a copy, shows its progress and offers the download',
    async () => {
      const states = [null, copy({ status: 'building', progress: 40 }), copy({ status: 'ready', progress: 100, expires_at: '2026-12-06T08:00:00Z' })]
      const { handler, calls } = api(states, () => jsonResponse(202, { export: copy({}) }))
      await renderApp(boot({ user: user() }), '/notifications', handler)
      const section = await screen.findByTestId('data-export', undefined, { timeout: SLOW })
      fireEvent.click(within(section).getByRole('button', { name: 'Request my data' }))
      const progress = await screen.findByTestId('data-export-progress', undefined, { timeout: SLOW })
      expect(within(progress).getByRole('progressbar', { name: 'Progress of your copy' })).toBeTruthy()
      const link = await screen.findByRole('link', { name: 'Download my data' }, { timeout: 5_000 })
      expect(link.getAttribute('href')).toBe('/api/data-export-file.php?id=4')
      expect(calls.filter((c) => c === 'POST /api/data-export.php')).toHaveLength(1)
      // The day is not over: no second request is offered.
      expect(within(section).queryByRole('button', { name: 'Request my data' })).toBeNull()
    },
    SLOW + 10_000,
  )

  it(
    'says so when the day is not over',
    async () => {
      const { handler } = api([null], () => jsonResponse(429, { error: 'data_export_daily_limit', message: 'x' }))
      await renderApp(boot({ user: user() }), '/notifications', handler)
      const section = await screen.findByTestId('data-export', undefined, { timeout: SLOW })
      fireEvent.click(within(section).getByRole('button', { name: 'Request my data' }))
      expect((await screen.findByTestId('data-export-error')).textContent).toBe('You can ask for a copy of your data once a day.')
    },
    SLOW,
  )
})
