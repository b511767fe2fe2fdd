import { useMemo, useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import {
  API,
  ConsoleError,
  dashboardPath,
  sourceGroupings,
  type ConsoleApi,
  type Conversion,
  type DashboardSeries,
  type DaySpan,
  type MessageSeries,
  type ModerationSeries,
  type PurchaseSeries,
  type SignupSeries,
  type SourceGrouping,
} from '../../api'
import { errorText } from '../../errors'
import { anyTenant } from '../../permissions'
import { Alert, Button, Card, Field, Heading, Input, Muted, colors } from '../../ui'
import { useLoad } from '../../../api/useLoad'
import { Select, useTenantPicker } from '../TenantPicker'
import { Chart, type Line } from './Chart'

// The dashboards: a brand's signups, purchases and revenue, messages and
// moderation backlog per day, and conversion by traffic source. Each plot
// has its CSV download (the engine's ?format=csv) and a table with the same
// numbers for screen readers and for reading exact values.

const palette = ['#2455c3', '#c2410c', '#15803d', '#7c3aed', '#b91c1c', '#0f766e']

const Range = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: 0 12px;
  align-items: end;
  margin-bottom: 8px;
`

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 440px), 1fr));
  gap: 16px;
`

const Panel = styled(Card)`
  min-width: 0;
  h2 { font-size: 1.125rem; margin: 0 0 8px; }
`

const Scroll = styled.div`
  overflow-x: auto;
  table { border-collapse: collapse; font-size: 0.875rem; min-width: 100%; }
  th, td { padding: 4px 8px; border-bottom: 1px solid ${colors.line}; text-align: right; white-space: nowrap; }
  th:first-child, td:first-child { text-align: left; }
  caption { text-align: left; color: ${colors.muted}; padding-bottom: 4px; }
`

const Actions = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin: 8px 0;
  a { color: ${colors.accent}; font-weight: 600; padding: 10px 0; }
`

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)

/** minorUnits is how many decimals a currency's minor unit has (2 for EUR, 0 for JPY). */
function minorUnits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  } catch {
    return 2
  }
}

/** Column is one column of a per-day table: its heading and one value per day, worded. */
interface Column {
  label: string
  values: (number | string)[]
}

/** DayTable is a plot's numbers, one row per day, for screen readers and exact reading. */
function DayTable({ caption, days, columns }: { caption: string; days: string[]; columns: Column[] }) {
  const { t } = useTranslation()
  return (
    <details>
      <summary>{t('console.dashboards.showTable')}</summary>
      <Scroll>
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('console.dashboards.day')}</th>
              {columns.map((c) => (
                <th key={c.label} scope="col">{c.label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((d, i) => (
              <tr key={d}>
                <th scope="row">{d}</th>
                {columns.map((c) => (
                  <td key={c.label}>{c.values[i]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Scroll>
    </details>
  )
}

/** Plot is one dashboard panel: heading, chart, summary, CSV download and the table. */
function Plot(props: {
  id: string
  title: string
  days: string[]
  lines: Line[]
  columns: Column[]
  summary: string
  csv: string
  format?: (v: number) => string
  children?: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <Panel aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      <Chart days={props.days} lines={props.lines} label={`${props.title}: ${props.summary}`} format={props.format} />
      <Muted>{props.summary}</Muted>
      {props.children}
      <Actions>
        <a href={props.csv} download aria-label={t('console.dashboards.downloadCsvOf', { title: props.title })}>
          {t('console.dashboards.downloadCsv')}
        </a>
      </Actions>
      <DayTable caption={props.title} days={props.days} columns={props.columns} />
    </Panel>
  )
}

type Loaded = {
  signups: SignupSeries
  purchases: PurchaseSeries
  messages: MessageSeries
  moderation: ModerationSeries
}

/** rangeText words the engine's refusal of a range. */
function rangeText(t: ReturnType<typeof useTranslation>['t'], err: unknown): string {
  if (err instanceof ConsoleError && (err.code === 'range_invalid' || err.code === 'query_invalid')) {
    return t('console.dashboards.rangeInvalid')
  }
  return errorText(t, err)
}

const csvLink = (tenant: string, series: keyof DashboardSeries, span: DaySpan, extra: Record<string, string> = {}) =>
  API + dashboardPath(tenant, series, span, { ...extra, format: 'csv' })

/** Dashboards shows a brand's per-day plots over a range of days and its conversion by traffic source. */
export function Dashboards({ api }: { api: ConsoleApi }) {
  const { t, i18n } = useTranslation()
  const { tenant, picker, tenants } = useTenantPicker(api, 'dashboards-brand', anyTenant('dashboards', 'read'))
  const [span, setSpan] = useState<DaySpan>({ from: '', to: '' })
  const [typed, setTyped] = useState<DaySpan>({ from: '', to: '' })
  const answer = useLoad(tenant ? `dashboards|${tenant}|${span.from}|${span.to}` : null, () =>
    Promise.all([
      api.dashboard(tenant, 'signups', span),
      api.dashboard(tenant, 'purchases', span),
      api.dashboard(tenant, 'messages', span),
      api.dashboard(tenant, 'moderation', span),
    ]).then(([signups, purchases, messages, moderation]): Loaded => ({ signups, purchases, messages, moderation })),
  )
  const data = answer.state.status === 'done' ? answer.state.data : null
  const error = answer.state.status === 'failed' ? rangeText(t, answer.state.error) : ''
  // The engine's default range shows in the fields until one is typed.
  const from = typed.from || (data?.signups.from ?? '')
  const to = typed.to || (data?.signups.to ?? '')
  const setFrom = (v: string) => setTyped((x) => ({ ...x, from: v }))
  const setTo = (v: string) => setTyped((x) => ({ ...x, to: v }))

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setSpan({ from, to })
  }

  const locale = i18n.language
  const plots = useMemo(() => (data ? shape(data, t, locale) : null), [data, t, locale])
  // The CSV holds exactly the plotted days.
  const shown: DaySpan = data ? { from: data.signups.from, to: data.signups.to } : span

  return (
    <section aria-labelledby="dashboards-heading">
      <Heading id="dashboards-heading">{t('console.dashboards.heading')}</Heading>
      {picker}
      {tenants && tenants.length === 0 && <Muted>{t('console.dashboards.noBrands')}</Muted>}
      <Range onSubmit={submit} aria-label={t('console.dashboards.range')}>
        <Field>
          <label htmlFor="dashboards-from">{t('console.dashboards.from')}</label>
          <Input id="dashboards-from" type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
        </Field>
        <Field>
          <label htmlFor="dashboards-to">{t('console.dashboards.to')}</label>
          <Input id="dashboards-to" type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
        </Field>
        <Field>
          <Button type="submit">{t('console.dashboards.show')}</Button>
        </Field>
      </Range>
      {data && <Muted>{t('console.dashboards.daysIn', { zone: data.signups.time_zone })}</Muted>}
      {error && <Alert role="alert">{error}</Alert>}
      {plots && data && (
        <Grid>
          {plots.map((p) => (
            <Plot key={p.series + p.id} {...p} csv={csvLink(tenant, p.series, shown)} />
          ))}
          <Panel aria-labelledby="dash-moderation-now">
            <h2 id="dash-moderation-now">{t('console.dashboards.backlogNow')}</h2>
            <Muted>
              {t('console.dashboards.backlogNowText', {
                photos: t('console.counts.photosWaiting', { count: data.moderation.now.photos_pending }),
                open: t('console.counts.complaintsOpen', { count: data.moderation.now.complaints_open }),
                inProgress: t('console.counts.inProgress', { count: data.moderation.now.complaints_in_progress }),
              })}
            </Muted>
          </Panel>
        </Grid>
      )}
      {tenant && <Sources api={api} tenant={tenant} span={shown} ready={data !== null} />}
    </section>
  )
}

interface Shaped {
  id: string
  series: keyof DashboardSeries
  title: string
  days: string[]
  lines: Line[]
  columns: Column[]
  summary: string
  format?: (v: number) => string
}

/** shape turns the engine's series into the page's plots: lines, table columns and a summary of each. */
export function shape(data: Loaded, t: ReturnType<typeof useTranslation>['t'], locale: string): Shaped[] {
  const count = (n: number) => n.toLocaleString(locale)
  // A number with its noun, in the plural rule of the language.
  const n = (noun: 'signups' | 'activations' | 'firstPurchases' | 'paidOrders' | 'messages' | 'photosWaiting' | 'complaintsOpen', value: number) =>
    t(`console.counts.${noun}`, { count: value })
  const plain = (label: string, values: number[], i: number): [Line, Column] => [
    { label, values, color: palette[i % palette.length] },
    { label, values: values.map(count) },
  ]
  const per = (id: string, series: keyof DashboardSeries, title: string, days: string[], parts: [Line, Column][], summary: string): Shaped => ({
    id,
    series,
    title,
    days,
    lines: parts.map((p) => p[0]),
    columns: parts.map((p) => p[1]),
    summary,
  })
  const { signups, purchases, messages, moderation } = data
  const range = { from: signups.from, to: signups.to }
  const out: Shaped[] = [
    per('dash-signups', 'signups', t('console.dashboards.signups.title'), signups.days, [
      plain(t('console.dashboards.signups.signups'), signups.signups, 0),
      plain(t('console.dashboards.signups.activations'), signups.activations, 1),
    ], t('console.dashboards.signups.summary', { ...range, signups: n('signups', sum(signups.signups)), activations: n('activations', sum(signups.activations)) })),
    per('dash-purchases', 'purchases', t('console.dashboards.purchases.title'), purchases.days, [
      plain(t('console.dashboards.purchases.firstPurchases'), purchases.first_purchases, 2),
      plain(t('console.dashboards.purchases.paidOrders'), purchases.paid_orders, 0),
    ], t('console.dashboards.purchases.summary', { ...range, first: n('firstPurchases', sum(purchases.first_purchases)), paid: n('paidOrders', sum(purchases.paid_orders)) })),
  ]
  // Revenue: one line per currency (and its refunds), in major units.
  const money = purchases.revenue.map((c) => {
    const scale = 10 ** minorUnits(c.currency)
    const fmt = (v: number) => {
      try {
        return new Intl.NumberFormat(locale, { style: 'currency', currency: c.currency }).format(v)
      } catch {
        return `${v} ${c.currency}`
      }
    }
    return { c, scale, fmt }
  })
  const revenueLines: Line[] = []
  const revenueColumns: Column[] = []
  money.forEach(({ c, scale, fmt }, i) => {
    const paid = c.revenue.map((v) => v / scale)
    const back = c.refunded.map((v) => v / scale)
    revenueLines.push({ label: t('console.dashboards.revenue.paid', { currency: c.currency }), values: paid, color: palette[(2 * i) % palette.length] })
    revenueLines.push({ label: t('console.dashboards.revenue.refunded', { currency: c.currency }), values: back, color: palette[(2 * i + 1) % palette.length] })
    revenueColumns.push({ label: t('console.dashboards.revenue.paid', { currency: c.currency }), values: paid.map(fmt) })
    revenueColumns.push({ label: t('console.dashboards.revenue.refunded', { currency: c.currency }), values: back.map(fmt) })
  })
  out.push({
    id: 'dash-revenue',
    series: 'purchases',
    title: t('console.dashboards.revenue.title'),
    days: purchases.days,
    lines: revenueLines,
    columns: revenueColumns,
    summary:
      money.length === 0
        ? t('console.dashboards.revenue.none', range)
        : t('console.dashboards.revenue.summary', {
            ...range,
            totals: money.map(({ c, scale, fmt }) => fmt(sum(c.revenue) / scale)).join(', '),
          }),
    format: money.length === 1 ? money[0].fmt : undefined,
  })
  out.push(
    per('dash-messages', 'messages', t('console.dashboards.messages.title'), messages.days, [
      plain(t('console.dashboards.messages.byMembers'), messages.by_members, 0),
      plain(t('console.dashboards.messages.byHouse'), messages.by_house, 3),
    ], t('console.dashboards.messages.summary', { ...range, members: n('messages', sum(messages.by_members)), house: count(sum(messages.by_house)) })),
    per('dash-moderation', 'moderation', t('console.dashboards.moderation.title'), moderation.days, [
      plain(t('console.dashboards.moderation.photosPending'), moderation.photos_pending, 1),
      plain(t('console.dashboards.moderation.complaintsOpen'), moderation.complaints_open, 4),
      plain(t('console.dashboards.moderation.photosSubmitted'), moderation.photos_submitted, 5),
      plain(t('console.dashboards.moderation.complaintsFiled'), moderation.complaints_filed, 3),
    ], t('console.dashboards.moderation.summary', {
      ...range,
      photos: n('photosWaiting', moderation.photos_pending.at(-1) ?? 0),
      complaints: n('complaintsOpen', moderation.complaints_open.at(-1) ?? 0),
    })),
  )
  return out
}

/** percent words part of whole as a share ("–" of nothing). */
function percent(part: number, whole: number, locale: string): string {
  if (whole === 0) return '–'
  return (part / whole).toLocaleString(locale, { style: 'percent', maximumFractionDigits: 1 })
}

const sourceFields = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const

/**
 * conversionPlot is the conversion plot's bars: each source (in the table's
 * order, named by its grouped fields) with its signups, activations and
 * first purchases.
 */
export function conversionPlot(conv: Conversion, fields: readonly (typeof sourceFields)[number][], t: ReturnType<typeof useTranslation>['t']) {
  const none = t('console.dashboards.conversion.none')
  const categories = conv.sources.map((s) => {
    const named = fields.map((f) => s[f]).filter((v) => v !== '')
    return named.length > 0 ? named.join(' / ') : none
  })
  const lines: Line[] = [
    { label: t('console.dashboards.conversion.signups'), values: conv.sources.map((s) => s.signups), color: palette[0] },
    { label: t('console.dashboards.conversion.activations'), values: conv.sources.map((s) => s.activations), color: palette[1] },
    { label: t('console.dashboards.conversion.firstPurchases'), values: conv.sources.map((s) => s.first_purchases), color: palette[2] },
  ]
  return { categories, lines }
}

/** Sources is conversion by traffic source: the range's signups, activations and first purchases per source. */
function Sources({ api, tenant, span, ready }: { api: ConsoleApi; tenant: string; span: DaySpan; ready: boolean }) {
  const { t, i18n } = useTranslation()
  const [by, setBy] = useState<SourceGrouping>('network')
  const { from, to } = span
  const answer = useLoad(ready ? `conversion|${tenant}|${from}|${to}|${by}` : null, () => api.dashboard(tenant, 'conversion', { from, to }, { by }))
  const conv = answer.state.status === 'done' ? answer.state.data : null
  const error = answer.state.status === 'failed' ? rangeText(t, answer.state.error) : ''

  const locale = i18n.language
  const fields = useMemo(() => (by === 'all' ? sourceFields : sourceFields.filter((f) => f === by)), [by])
  const none = t('console.dashboards.conversion.none')
  const plot = useMemo(() => (conv ? conversionPlot(conv, fields, t) : null), [conv, fields, t])
  return (
    <Panel aria-labelledby="dash-conversion" style={{ marginTop: 16 }}>
      <h2 id="dash-conversion">{t('console.dashboards.conversion.title')}</h2>
      <Field>
        <label htmlFor="dashboards-by">{t('console.dashboards.conversion.by')}</label>
        <Select id="dashboards-by" value={by} onChange={(e) => setBy(e.target.value as SourceGrouping)}>
          {sourceGroupings.map((g) => (
            <option key={g} value={g}>{t(`console.dashboards.conversion.groupings.${g}`)}</option>
          ))}
        </Select>
      </Field>
      {error && <Alert role="alert">{error}</Alert>}
      {conv && conv.sources.length === 0 && <Muted>{t('console.dashboards.conversion.empty')}</Muted>}
      {conv && plot && conv.sources.length > 0 && (
        <Chart
          categories={plot.categories}
          xLabel={t('console.dashboards.conversion.source')}
          lines={plot.lines}
          label={t('console.dashboards.conversion.plotLabel', { from: conv.from, to: conv.to })}
        />
      )}
      {conv && conv.sources.length > 0 && (
        <Scroll>
          <table>
            <caption>{t('console.dashboards.conversion.caption', { from: conv.from, to: conv.to })}</caption>
            <thead>
              <tr>
                {fields.map((f) => (
                  <th key={f} scope="col">{t(`console.dashboards.conversion.groupings.${f}`)}</th>
                ))}
                <th scope="col">{t('console.dashboards.conversion.signups')}</th>
                <th scope="col">{t('console.dashboards.conversion.activations')}</th>
                <th scope="col">{t('console.dashboards.conversion.firstPurchases')}</th>
              </tr>
            </thead>
            <tbody>
              {conv.sources.map((s) => (
                <tr key={sourceFields.map((f) => s[f]).join('\u0000')}>
                  {fields.map((f, i) =>
                    i === 0 ? (
                      <th key={f} scope="row">{s[f] || none}</th>
                    ) : (
                      <td key={f}>{s[f] || none}</td>
                    ),
                  )}
                  <td>{s.signups.toLocaleString(locale)}</td>
                  <td>{`${s.activations.toLocaleString(locale)} (${percent(s.activations, s.signups, locale)})`}</td>
                  <td>{`${s.first_purchases.toLocaleString(locale)} (${percent(s.first_purchases, s.signups, locale)})`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      )}
      {conv?.truncated && <Muted>{t('console.dashboards.conversion.truncated')}</Muted>}
      <Actions>
        <a
          href={csvLink(tenant, 'conversion', span, { by })}
          download
          aria-label={t('console.dashboards.downloadCsvOf', { title: t('console.dashboards.conversion.title') })}
        >
          {t('console.dashboards.downloadCsv')}
        </a>
      </Actions>
    </Panel>
  )
}
