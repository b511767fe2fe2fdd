import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { i18n } from 'i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ConsoleError, type ConsoleApi, type DashboardSeries, type DaySpan } from '../../api'
import { initConsoleI18n } from '../../i18n'
import { chartData, chartOptions } from './Chart'
import { Dashboards, shape } from './Dashboards'
import { settle } from '../../../test/act'
import { fakeApi } from '../../test/fakeApi'
import { showPage } from '../../test/render'

// uPlot draws on a canvas, which jsdom has not: a stand-in records what the
// page hands it.
const drawn = vi.hoisted(() => [] as { series: (string | undefined)[]; data: number[][]; xNames?: string[]; bars?: number }[])
const canvas = vi.hoisted(() => ({ missing: false }))
vi.mock('uplot', () => {
  class FakePlot {
    static tzDate = (d: Date) => d
    static paths = { bars: () => 'bars' }
    width = 600
    constructor(
      opts: { series: { label?: string; paths?: unknown }[]; axes: { values?: (u: unknown, vs: number[]) => string[]; splits?: unknown }[] },
      data: number[][],
      el: HTMLElement,
    ) {
      if (canvas.missing) throw new TypeError("Cannot read properties of null (reading 'scale')")
      const x = opts.axes[0]
      const bars = opts.series.filter((s) => s.paths === 'bars').length
      drawn.push({
        series: opts.series.map((s) => s.label),
        data,
        // A bar chart names its x places on the axis.
        ...(x?.splits && x.values ? { xNames: x.values(this, data[0]) } : {}),
        ...(bars > 0 ? { bars } : {}),
      })
      el.appendChild(document.createElement('canvas'))
    }
    setSize() {}
    destroy() {}
  }
  return { default: FakePlot }
})

let i18nInstance: i18n
beforeAll(async () => {
  i18nInstance = await initConsoleI18n()
})
afterEach(() => {
  cleanup()
  drawn.length = 0
  canvas.missing = false
})

const head = { tenant: 'lustlokaal', time_zone: 'Europe/Amsterdam', from: '2026-03-28', to: '2026-03-30' }
const days = ['2026-03-28', '2026-03-29', '2026-03-30']

const answers: Omit<DashboardSeries, 'conversion'> = {
  signups: { ...head, days, signups: [2, 0, 1], activations: [1, 1, 0] },
  purchases: {
    ...head,
    days,
    paid_orders: [1, 1, 2],
    first_purchases: [1, 0, 1],
    revenue: [
      { currency: 'CHF', revenue: [0, 0, 700], refunded: [0, 0, 0] },
      { currency: 'EUR', revenue: [1000, 250, 500], refunded: [0, 0, 0] },
    ],
  },
  messages: { ...head, days, by_members: [4, 0, 3], by_house: [0, 2, 0] },
  moderation: {
    ...head,
    days,
    photos_pending: [3, 3, 2],
    photos_submitted: [2, 0, 0],
    complaints_open: [2, 3, 2],
    complaints_filed: [1, 1, 0],
    now: { photos_pending: 2, complaints_open: 1, complaints_in_progress: 1 },
  },
}

const conversion: DashboardSeries['conversion'] = {
  ...head,
  by: 'network',
  truncated: false,
  sources: [
    { network: 'adnet', ref: '', sub1: '', sub2: '', sub3: '', signups: 2, activations: 1, first_purchases: 2 },
    { network: '', ref: '', sub1: '', sub2: '', sub3: '', signups: 1, activations: 1, first_purchases: 0 },
  ],
}

/** seriesApi is the API answering every dashboard series of LustLokaal, over in place of its calls. */
const seriesApi = (over: Partial<ConsoleApi> = {}): ConsoleApi =>
  fakeApi({
    // A mock is not generic: the cast gives the call its signature back.
    dashboard: vi.fn((_tenant: string, series: keyof DashboardSeries, span: DaySpan) => {
      if (series === 'conversion') return Promise.resolve(conversion)
      const a = answers[series]
      return Promise.resolve(span.from ? { ...a, from: span.from, to: span.to } : a)
    }) as ConsoleApi['dashboard'],
    ...over,
  })

const show = (api: ConsoleApi) => showPage(i18nInstance, <Dashboards api={api} />)

describe('dashboard words and legends', () => {
  it('counts in the plural rules of the language: one signup, one activation, one first purchase', () => {
    const one = (xs: unknown[]) => xs.map((_, i) => (i === xs.length - 1 ? 1 : 0))
    const data = {
      ...answers,
      signups: { ...answers.signups, signups: one(days), activations: one(days) },
      purchases: { ...answers.purchases, first_purchases: one(days), paid_orders: [0, 1, 1] },
      moderation: { ...answers.moderation, photos_pending: one(days), complaints_open: one(days) },
    }
    const summaries = shape(data, i18nInstance.t.bind(i18nInstance), 'en').map((p) => p.summary)
    expect(summaries).toContain('1 signup and 1 activation from 2026-03-28 to 2026-03-30.')
    expect(summaries).toContain('1 first purchase among 2 paid orders from 2026-03-28 to 2026-03-30.')
    expect(summaries).toContain('At the end of 2026-03-30: 1 photo waiting and 1 complaint open.')
    const nl = i18nInstance.cloneInstance({ lng: 'nl' })
    expect(shape(data, nl.t.bind(nl), 'nl').map((p) => p.summary)).toContain('1 aanmelding en 1 activering van 2026-03-28 tot 2026-03-30.')
  })

  it('shows the last day in the legend without hovering, and again when the pointer leaves', () => {
    const shown: (number | null | undefined)[] = []
    const opts = chartOptions({ tzDate: (d: Date) => d } as never, [{ label: 'Signups', values: [2, 0, 1], color: '#000' }], 600)
    const plot = { cursor: { idx: null as number | null }, data: [[1, 2, 3], [2, 0, 1]], setLegend: (o: { idx?: number | null }) => shown.push(o.idx) }
    for (const hook of opts.hooks?.ready ?? []) hook?.(plot as never)
    plot.cursor.idx = 1
    for (const hook of opts.hooks?.setCursor ?? []) hook?.(plot as never)
    plot.cursor.idx = null
    for (const hook of opts.hooks?.setCursor ?? []) hook?.(plot as never)
    expect(shown).toEqual([2, 2])
  })
})

describe('Dashboards', { timeout: 20_000 }, () => {
  it('shapes days into uPlot columns at UTC midnight', () => {
    expect(chartData(['2026-03-28', '2026-03-29'], [{ label: 'a', values: [1, 2], color: '#000' }])).toEqual([
      [Date.UTC(2026, 2, 28) / 1000, Date.UTC(2026, 2, 29) / 1000],
      [1, 2],
    ])
  })

  it('plots every series of the first brand, with a summary, a table and a CSV link each', async () => {
    const api = seriesApi()
    show(api)
    const signups = await screen.findByRole('region', { name: 'Signups and activations' }, { timeout: 5000 })
    expect(api.dashboard).toHaveBeenCalledWith('lustlokaal', 'signups', { from: '', to: '' })
    // The engine's default range shows in the fields.
    expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe('2026-03-28')
    expect(screen.getByLabelText<HTMLInputElement>('To').value).toBe('2026-03-30')
    expect(within(signups).getByText('3 signups and 2 activations from 2026-03-28 to 2026-03-30.')).toBeTruthy()
    const link = within(signups).getByRole('link', { name: 'Download CSV (Signups and activations)' })
    expect(link.getAttribute('href')).toBe('/admin/api/tenants/lustlokaal/dashboards/signups?from=2026-03-28&to=2026-03-30&format=csv')
    // The table holds every day's numbers.
    const rows = within(within(signups).getByRole('table')).getAllByRole('row')
    expect(rows.map((r) => r.textContent)).toEqual(['DaySignupsActivations', '2026-03-2821', '2026-03-2901', '2026-03-3010'])

    // uPlot got each plot's lines, x as days.
    // Five plots over days and conversion's bars.
    await waitFor(() => expect(drawn.length).toBe(6), { timeout: 5000 })
    const x = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000)
    expect(drawn).toContainEqual({ series: [undefined, 'Signups', 'Activations'], data: [x, [2, 0, 1], [1, 1, 0]] })
    expect(drawn).toContainEqual({
      series: [undefined, 'Paid CHF', 'Refunded CHF', 'Paid EUR', 'Refunded EUR'],
      data: [x, [0, 0, 7], [0, 0, 0], [10, 2.5, 5], [0, 0, 0]],
    })
    expect(screen.getAllByTestId('chart').every((c) => c.querySelector('canvas'))).toBe(true)

    const revenue = screen.getByRole('region', { name: 'Revenue' })
    expect(within(revenue).getByText('Revenue from 2026-03-28 to 2026-03-30: CHF 7.00, €17.50.')).toBeTruthy()
    const moderation = screen.getByRole('region', { name: 'Moderation backlog' })
    expect(within(moderation).getByText('At the end of 2026-03-30: 2 photos waiting and 2 complaints open.')).toBeTruthy()
    expect(screen.getByText('2 photos waiting for a decision, 1 complaint open and 1 in progress.')).toBeTruthy()
    expect(screen.getByText("Days are the brand's days (Europe/Amsterdam).")).toBeTruthy()
  })

  it('shows conversion by traffic source with rates, grouped as chosen', async () => {
    const api = seriesApi()
    show(api)
    const region = await screen.findByRole('region', { name: 'Conversion by traffic source' })
    const table = await within(region).findByRole('table')
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'NetworkSignupsActivatedBought',
      'adnet21 (50%)2 (100%)',
      '(none)11 (100%)0 (0%)',
    ])
    // The plot: bars of signups, activations and first purchases per source, in the table's order, named on the x axis.
    const chart = within(region).getByRole('img', {
      name: 'Signups, activations and first purchases per traffic source from 2026-03-28 to 2026-03-30; the table below has the numbers',
    })
    await waitFor(() => expect(chart.querySelector('canvas')).toBeTruthy())
    expect(drawn).toContainEqual({
      series: ['Source', 'Signups', 'Activated', 'Bought'],
      data: [[0, 1], [2, 1], [1, 1], [2, 0]],
      xNames: ['adnet', '(none)'],
      bars: 3,
    })
    fireEvent.change(within(region).getByLabelText('Group by'), { target: { value: 'all' } })
    await waitFor(() => expect(api.dashboard).toHaveBeenLastCalledWith('lustlokaal', 'conversion', { from: '2026-03-28', to: '2026-03-30' }, { by: 'all' }))
    expect(within(region).getByRole('link', { name: 'Download CSV (Conversion by traffic source)' }).getAttribute('href')).toBe(
      '/admin/api/tenants/lustlokaal/dashboards/conversion?from=2026-03-28&to=2026-03-30&by=all&format=csv',
    )
  })

  it('asks for the range chosen and words a refused range', async () => {
    const api = seriesApi()
    show(api)
    await screen.findByRole('region', { name: 'Messages' })
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-31' } })
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Show' })))
    expect(api.dashboard).toHaveBeenCalledWith('lustlokaal', 'messages', { from: '2026-01-01', to: '2026-01-31' })
    expect(await screen.findByText('3 signups and 2 activations from 2026-01-01 to 2026-01-31.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Download CSV (Messages)' }).getAttribute('href')).toBe(
      '/admin/api/tenants/lustlokaal/dashboards/messages?from=2026-01-01&to=2026-01-31&format=csv',
    )

    const refusing = fakeApi({ dashboard: vi.fn(() => Promise.reject(new ConsoleError(422, 'range_invalid', ''))) })
    cleanup()
    show(refusing)
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a range from a day to the same or a later day, at most 366 days.')
    expect(screen.queryByRole('region', { name: 'Messages' })).toBeNull()
  })

  it('leaves the table and summary when no chart can be drawn', async () => {
    canvas.missing = true
    show(seriesApi())
    const signups = await screen.findByRole('region', { name: 'Signups and activations' })
    expect(within(signups).getByText('3 signups and 2 activations from 2026-03-28 to 2026-03-30.')).toBeTruthy()
    expect(within(signups).getByRole('table')).toBeTruthy()
    // Give the chart's import its turn; it draws nothing and throws nothing.
    await act(async () => new Promise((r) => setTimeout(r, 10)))
    expect(drawn).toEqual([])
    expect(screen.getAllByTestId('chart').some((c) => c.querySelector('canvas'))).toBe(false)
  })
})
