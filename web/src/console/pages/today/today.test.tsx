import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { i18n } from 'i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ConsoleError, type ConsoleApi } from '../../api'
import { initConsoleI18n } from '../../i18n'
import { brandToday, fakeApi, permissionsOf, sparkusa, tenant } from '../../test/fakeApi'
import { showAt } from '../../test/render'
import { Tenants } from '../Tenants'
import { Today } from './Today'

let i18nInstance: i18n
beforeAll(async () => {
  i18nInstance = await initConsoleI18n()
})
afterEach(cleanup)

/** queueLines are the texts of a brand card's queues, in order. */
const queueLines = (card: HTMLElement) => [...card.querySelectorAll('[data-queue]')].map((p) => p.textContent)

const show = (api: ConsoleApi) => showAt(i18nInstance, permissionsOf('superadmin'), '/', '/', <Today api={api} />)

describe('Today', { timeout: 20_000 }, () => {
  it('lists per brand what waits, in the plural rule of each count, each a link to its queue', async () => {
    const today = vi.fn<ConsoleApi['today']>(() =>
      Promise.resolve({
        brands: [
          brandToday({ photos_waiting: 1, complaints_open: 3, refunds_asked: 1 }),
          brandToday({ tenant: 'sparkusa', name: 'SparkUSA', photos_waiting: 2, complaints_open: 1, flagged_members: 1 }),
        ],
      }),
    )
    show(fakeApi({ today }))
    const lust = await screen.findByRole('region', { name: 'LustLokaal' })
    expect(queueLines(lust)).toEqual(['1 photo waiting', '3 complaints open', '1 chargeback to decide'])
    expect(within(lust).getByRole('link', { name: '1 photo waiting' }).getAttribute('href')).toBe('/moderation?tenant=lustlokaal#photos')
    expect(within(lust).getByRole('link', { name: '1 chargeback to decide' }).getAttribute('href')).toBe('/orders?tenant=lustlokaal&state=refunded')
    const spark = screen.getByRole('region', { name: 'SparkUSA' })
    expect(queueLines(spark)).toEqual(['2 photos waiting', '1 complaint open', '1 member flagged'])
    expect(within(spark).getByRole('link', { name: '1 complaint open' }).getAttribute('href')).toBe('/moderation?tenant=sparkusa#complaints')
    expect(within(spark).getByRole('link', { name: '1 member flagged' }).getAttribute('href')).toBe('/flagged?tenant=sparkusa')
  })

  it('shows no count the engine leaves out, and a zero without a link', async () => {
    show(fakeApi({ today: vi.fn(() => Promise.resolve({ brands: [brandToday({ photos_waiting: 0, complaints_open: undefined })] })) }))
    const lust = await screen.findByRole('region', { name: 'LustLokaal' })
    expect(queueLines(lust)).toEqual(['0 photos waiting'])
    expect(within(lust).queryByRole('link')).toBeNull()
    expect(screen.queryByText(/flagged|chargeback/)).toBeNull()
  })

  it('leaves out brands with no queue the staff member works, and words a failure', async () => {
    show(fakeApi({ today: vi.fn(() => Promise.resolve({ brands: [brandToday({ photos_waiting: undefined, complaints_open: undefined })] })) }))
    expect(await screen.findByText('No queue of any brand waits for you.')).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'LustLokaal' })).toBeNull()
    cleanup()
    show(fakeApi({ today: vi.fn(() => Promise.reject(new ConsoleError(0, 'network', 'network'))) }))
    expect((await screen.findByRole('alert')).textContent).toBe('The console cannot reach the server. Check your connection and try again.')
  })

  it('speaks Dutch and German with their own plurals', async () => {
    for (const [lng, words] of [
      ['nl', ['1 foto wacht', '3 klachten open']],
      ['de', ['1 Foto wartet', '3 Beschwerden offen']],
    ] as const) {
      const other = i18nInstance.cloneInstance({ lng })
      showAt(other, permissionsOf('superadmin'), '/', '/', <Today api={fakeApi({ today: vi.fn(() => Promise.resolve({ brands: [brandToday({ complaints_open: 3 })] })) })} />)
      const lust = await screen.findByRole('region', { name: 'LustLokaal' })
      expect(queueLines(lust)).toEqual(words)
      cleanup()
    }
  })
})

describe('brand list', { timeout: 20_000 }, () => {
  it('shows each brand\'s headline figures, queue sizes and links to its site and landers', async () => {
    const api = fakeApi({ tenants: vi.fn(() => Promise.resolve([tenant(), sparkusa()])) })
    showAt(i18nInstance, permissionsOf('superadmin'), '/tenants', '/tenants', <Tenants api={api} />)
    const figures = await screen.findByLabelText('Figures of LustLokaal')
    const pairs = [...figures.querySelectorAll('div')].map((d) => [d.querySelector('dt')?.textContent, d.querySelector('dd')?.textContent])
    expect(pairs).toEqual([
      ['Members', '1,200'],
      ['Signups today', '1'],
      ['Revenue this month', '€1,234.50'],
      ['Photos waiting', '1'],
      ['Complaints open', '0'],
    ])
    expect(screen.getByRole('link', { name: 'Open the site of LustLokaal' }).getAttribute('href')).toBe('http://localhost:8080/')
    fireEvent.click(screen.getByText('1 lander'))
    const landers = screen.getByRole('list', { name: 'Landers of LustLokaal' })
    expect(within(landers).getByRole('link', { name: 'tinderswipe' }).getAttribute('href')).toBe('http://localhost:8080/landers/tinderswipe')
    // SparkUSA: no answer of /today for it, so no figures and no links.
    await waitFor(() => expect(screen.queryByLabelText('Figures of SparkUSA')).toBeNull())
    expect(screen.queryByRole('link', { name: 'Open the site of SparkUSA' })).toBeNull()
  })
})
