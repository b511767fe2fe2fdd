import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { i18n } from 'i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ConsoleError, reportPath, type ConsoleApi, type DaySpan, type PostbackLog, type TrafficReport } from '../../api'
import { initConsoleI18n } from '../../i18n'
import { addMoney } from '../../money'
import { Traffic } from './Traffic'
import { settle } from '../../../test/act'
import { fakeApi } from '../../test/fakeApi'
import { showPage } from '../../test/render'

let i18nInstance: i18n
beforeAll(async () => {
  i18nInstance = await initConsoleI18n()
})
afterEach(cleanup)

const head = { tenant: 'lustlokaal', time_zone: 'Europe/Amsterdam', from: '2026-03-28', to: '2026-03-30' }

const report: TrafficReport = {
  ...head,
  rows: [
    { network: 'adnet', ref: 'aff1', sub1: 'c1', sub2: '', sub3: '', visits: 3, signups: 2, activations: 1, first_purchases: 1, revenue: [{ currency: 'EUR', amount: 1995 }], variants: [{ variant: 'spring-a', visits: 2 }, { variant: 'spring-b', visits: 1 }], measured: 2, bounced: 1, bounce_rate: 0.5, landers: [{ lander: 'video', visits: 3, measured: 2, bounced: 1, bounce_rate: 0.5 }] },
    { network: '', ref: '', sub1: '', sub2: '', sub3: '', visits: 0, signups: 1, activations: 1, first_purchases: 1, revenue: [{ currency: 'CHF', amount: 700 }, { currency: 'EUR', amount: 500 }], variants: [] },
    { network: 'other', ref: '', sub1: '', sub2: '', sub3: 'x', visits: 1, signups: 0, activations: 0, first_purchases: 0, revenue: [], variants: [] },
  ],
}

const postbacks: PostbackLog = {
  ...head,
  truncated: false,
  postbacks: [
    { id: 2, member_id: 42, event: 'signup', network: 'adnet', order_id: null, url: 'https://adnet.example/pb?e=signup&ref=aff1', status: 'pending', created_at: '2026-03-29T10:15:00Z', sent_at: null, attempts: 1, last_call: { status_code: 500, error: 'the network answered 500', called_at: '2026-03-29T10:15:01Z' } },
    { id: 1, member_id: 41, event: 'first_purchase', network: 'adnet', order_id: 7, url: 'https://adnet.example/pb?e=sale', status: 'sent', created_at: '2026-03-28T09:00:00Z', sent_at: '2026-03-28T09:00:01Z', attempts: 1, last_call: { status_code: 200, error: '', called_at: '2026-03-28T09:00:01Z' } },
    { id: 3, member_id: 43, event: 'activation', network: 'adnet', order_id: null, url: 'https://adnet.example/pb?e=act', status: 'pending', created_at: '2026-03-28T08:00:00Z', sent_at: null, attempts: 0, last_call: null },
  ],
}

/** trafficApi is the API with LustLokaal's traffic and postbacks of three days, over in place of its calls. */
const trafficApi = (over: Partial<ConsoleApi> = {}): ConsoleApi =>
  fakeApi({
    trafficReport: vi.fn((_t: string, span: DaySpan) => Promise.resolve(span.from ? { ...report, from: span.from, to: span.to } : report)),
    postbacks: vi.fn(() => Promise.resolve(postbacks)),
    ...over,
  })

const show = (api: ConsoleApi) => showPage(i18nInstance, <Traffic api={api} />)

// Intl puts no-break spaces in money and times ("CHF 7.00", "9:00 AM"): cells are compared with plain ones.
const texts = (table: HTMLElement) =>
  within(table).getAllByRole('row').map((r) => [...r.children].map((c) => (c.textContent ?? '').replace(/\s/g, ' ')))

describe('Traffic', { timeout: 40_000 }, () => {
  it('addresses the reports by brand and days', () => {
    expect(reportPath('traffic', 'lustlokaal', { from: '', to: '' })).toBe('/reports/traffic?tenant=lustlokaal')
    expect(reportPath('postbacks', 'a b', { from: '2026-03-01', to: '2026-03-31' })).toBe('/reports/postbacks?tenant=a+b&from=2026-03-01&to=2026-03-31')
  })

  // The amounts are worded by the member app's formatPrice (i18n/money.test.ts).
  it('adds money per currency', () => {
    expect(addMoney([{ currency: 'EUR', amount: 1 }, { currency: 'CHF', amount: 2 }, { currency: 'EUR', amount: 3 }])).toEqual([
      { currency: 'CHF', amount: 2 },
      { currency: 'EUR', amount: 4 },
    ])
  })

  it('shows a row per source with the totals, and the postbacks with their answers', async () => {
    // The report answers when the test lets it: until then the page says it is loading.
    // Every call gets the one answer: the page may ask again before it
    // comes (its effect runs again when the brand or the texts arrive), or
    // ask only after it shows that it is loading.
    let answer: (r: TrafficReport) => void = () => {}
    const answered = new Promise<TrafficReport>((resolve) => (answer = resolve))
    const api = trafficApi({ trafficReport: vi.fn(() => answered) })
    show(api)
    expect((await screen.findByRole('status', {}, { timeout: 15_000 })).textContent).toBe('Loading the traffic…')
    expect(screen.queryByRole('table')).toBeNull()
    await settle(() => answer(report))
    // Waiting with a plain selector: a role query with a name works out
    // every element's name on each try, which on a loaded machine took
    // longer than the wait.
    await waitFor(() => expect(document.querySelector('table')).not.toBeNull(), { timeout: 15_000 })
    const sources = screen.getByRole('table', {
      name: 'Visits, signups, activations, first purchases and revenue per traffic source from 2026-03-28 to 2026-03-30',
    })
    expect(api.trafficReport).toHaveBeenCalledWith('lustlokaal', { from: '', to: '' })
    expect(api.postbacks).toHaveBeenCalledWith('lustlokaal', { from: '', to: '' })
    expect(screen.queryByRole('status')).toBeNull()
    // The engine's default range shows in the fields.
    expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe('2026-03-28')
    expect(screen.getByLabelText<HTMLInputElement>('To').value).toBe('2026-03-30')
    expect(texts(sources)).toEqual([
      ['Network', 'Ref', 'Sub 1', 'Sub 2', 'Sub 3', 'Visits', 'Bounce rate', 'Bounce rate per lander', 'Signups', 'Activations', 'First purchases', 'Revenue', 'Lander A/B variants (visits)'],
      ['adnet', 'aff1', 'c1', '–', '–', '3', '50%', 'video: 50% of 2', '2', '1', '1', '€19.95', 'spring-a: 2, spring-b: 1'],
      ['(no source)', '–', '–', '–', '–', '0', '–', '–', '1', '1', '1', 'CHF 7.00, €5.00', '–'],
      ['other', '–', '–', '–', 'x', '1', '–', '–', '0', '0', '0', '–', '–'],
      ['Total', '4', '', '', '3', '2', '2', 'CHF 7.00, €24.95', ''],
    ])
    // Each source names its row; the wide table scrolls in its own region, reachable by keyboard.
    expect(within(sources).getByRole('rowheader', { name: 'adnet' })).toBeTruthy()
    const scroller = screen.getByRole('region', { name: /per traffic source from/ })
    expect(scroller.getAttribute('tabindex')).toBe('0')
    expect(screen.getByText("Days are the brand's days (Europe/Amsterdam).")).toBeTruthy()

    const sent = screen.getByRole('table', { name: 'What the networks were told from 2026-03-28 to 2026-03-30, newest first' })
    expect(texts(sent)).toEqual([
      ['Made', 'Event', 'Network', 'Member', 'Status', 'Calls', 'Last answer', 'Address'],
      ['Mar 29, 2026, 12:15 PM', 'Signup', 'adnet', '42', 'Pending (retried)', '1', '500: the network answered 500', 'https://adnet.example/pb?e=signup&ref=aff1'],
      ['Mar 28, 2026, 10:00 AM', 'First purchase', 'adnet', '41', 'Sent', '1', '200', 'https://adnet.example/pb?e=sale'],
      ['Mar 28, 2026, 9:00 AM', 'Activation', 'adnet', '43', 'Pending (retried)', '0', 'Not called yet', 'https://adnet.example/pb?e=act'],
    ])
    expect(screen.queryByText(/Only the newest 100/)).toBeNull()
  })

  it('asks for the days chosen, says when nothing happened, and words a refused range', async () => {
    const empty = fakeApi({
      trafficReport: vi.fn((_t: string, span: DaySpan) => Promise.resolve({ ...report, ...span, rows: [] })),
      postbacks: vi.fn((_t: string, span: DaySpan) => Promise.resolve({ ...postbacks, ...span, postbacks: [], truncated: true })),
    })
    show(empty)
    await screen.findByRole('region', { name: 'Postbacks' }, { timeout: 15_000 })
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-31' } })
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Show' })))
    expect(empty.trafficReport).toHaveBeenLastCalledWith('lustlokaal', { from: '2026-01-01', to: '2026-01-31' })
    expect(empty.postbacks).toHaveBeenLastCalledWith('lustlokaal', { from: '2026-01-01', to: '2026-01-31' })
    expect(await screen.findByText('No visits, signups or purchases from 2026-01-01 to 2026-01-31.')).toBeTruthy()
    expect(screen.getByText('No postbacks from 2026-01-01 to 2026-01-31.')).toBeTruthy()
    expect(screen.getByText('Only the newest 100 postbacks are shown; choose fewer days to see the older ones.')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()

    cleanup()
    show(trafficApi({ trafficReport: vi.fn(() => Promise.reject(new ConsoleError(422, 'span_invalid', ''))) }))
    expect((await screen.findByRole('alert', {}, { timeout: 15_000 })).textContent).toBe('Choose a range from a day to the same or a later day, at most 366 days.')
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull())
    expect(screen.queryByRole('table')).toBeNull()
  })
})
