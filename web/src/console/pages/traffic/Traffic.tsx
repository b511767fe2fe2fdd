import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { ConsoleError, type ConsoleApi, type DaySpan, type Money, type PostbackEntry, type PostbackLog, type TrafficReport, type TrafficRow } from '../../api'
import { errorText } from '../../errors'
import { formatPrice } from '../../../i18n/money'
import { addMoney } from '../../money'
import { anyTenant } from '../../permissions'
import { Alert, Button, Field, Heading, Input, Muted } from '../../ui'
import { useTenantPicker } from '../TenantPicker'
import { Panel, ScrollTable, bounceRate } from './tables'
import { useLoad } from '../../../api/useLoad'

// The traffic page: a brand's visits, signups, activations, first purchases
// and revenue per traffic source (the affiliate link's network, ref and
// subs) over a range of its days, with the totals, and the postbacks those
// days made with the networks' answers (engine/affiliates).

const Range = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: 0 12px;
  align-items: end;
  margin-bottom: 8px;
`

/** spanText words the engine's refusal of a range. */
function spanText(t: ReturnType<typeof useTranslation>['t'], err: unknown): string {
  if (err instanceof ConsoleError && err.code === 'span_invalid') return t('console.traffic.spanInvalid')
  return errorText(t, err)
}

type Loaded = { report: TrafficReport; postbacks: PostbackLog }

/** Traffic shows a brand's traffic per source and its postbacks over a range of days. */
export function Traffic({ api }: { api: ConsoleApi }) {
  const { t } = useTranslation()
  const { tenant, picker, tenants } = useTenantPicker(api, 'traffic-brand', anyTenant('affiliates', 'read'))
  const [span, setSpan] = useState<DaySpan>({ from: '', to: '' })
  const [typed, setTyped] = useState<DaySpan>({ from: '', to: '' })
  const answer = useLoad(tenant ? `traffic|${tenant}|${span.from}|${span.to}` : null, () =>
    Promise.all([api.trafficReport(tenant, span), api.postbacks(tenant, span)]).then(([report, postbacks]): Loaded => ({ report, postbacks })),
  )
  const data = answer.state.status === 'done' ? answer.state.data : null
  const error = answer.state.status === 'failed' ? spanText(t, answer.state.error) : ''
  const loading = tenant !== '' && answer.state.status === 'loading'
  // The engine's default range shows in the fields until one is typed.
  const from = typed.from || (data?.report.from ?? '')
  const to = typed.to || (data?.report.to ?? '')
  const setFrom = (v: string) => setTyped((x) => ({ ...x, from: v }))
  const setTo = (v: string) => setTyped((x) => ({ ...x, to: v }))

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setSpan({ from, to })
  }

  return (
    <section aria-labelledby="traffic-heading">
      <Heading id="traffic-heading">{t('console.traffic.heading')}</Heading>
      {picker}
      {tenants && tenants.length === 0 && <Muted>{t('console.traffic.noBrands')}</Muted>}
      <Range onSubmit={submit} aria-label={t('console.traffic.range')}>
        <Field>
          <label htmlFor="traffic-from">{t('console.traffic.from')}</label>
          <Input id="traffic-from" type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
        </Field>
        <Field>
          <label htmlFor="traffic-to">{t('console.traffic.to')}</label>
          <Input id="traffic-to" type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
        </Field>
        <Field>
          <Button type="submit" disabled={loading}>{t('console.traffic.show')}</Button>
        </Field>
      </Range>
      {loading && <Muted role="status">{t('console.traffic.loading')}</Muted>}
      {error && <Alert role="alert">{error}</Alert>}
      {data && (
        <>
          <Muted>{t('console.traffic.daysIn', { zone: data.report.time_zone })}</Muted>
          <Sources report={data.report} />
          <Postbacks log={data.postbacks} />
        </>
      )}
    </section>
  )
}

const sourceFields = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const

/** totals adds up a report's rows: the counts, and the revenue per currency. */
export function totals(report: TrafficReport) {
  const sum = (f: 'visits' | 'signups' | 'activations' | 'first_purchases') => report.rows.reduce((a, r) => a + r[f], 0)
  return {
    visits: sum('visits'),
    signups: sum('signups'),
    activations: sum('activations'),
    first_purchases: sum('first_purchases'),
    revenue: addMoney(report.rows.flatMap((r) => r.revenue)),
  }
}

/** Sources is the report's table: one row per source, then the totals. */
function Sources({ report }: { report: TrafficReport }) {
  const { t, i18n } = useTranslation()
  const locale = i18n.language
  const count = (n: number) => n.toLocaleString(locale)
  const revenue = (ms: Money[]) => (ms.length === 0 ? '–' : ms.map((m) => formatPrice(m.amount, m.currency, locale)).join(', '))
  // Older engines answer no variants; a source without lander A/B visits shows none.
  const variants = (vs: TrafficRow['variants'] | undefined) =>
    vs && vs.length > 0 ? vs.map((v) => t('console.traffic.sources.variant', { variant: v.variant, visits: count(v.visits) })).join(', ') : '–'
  // Bounces per lander that measured any (links with lb); older engines answer none.
  const landerBounces = (ls: TrafficRow['landers'] | undefined) => {
    const measured = (ls ?? []).filter((l) => l.measured > 0)
    return measured.length === 0
      ? '–'
      : measured
          .map((l) => t('affiliate.traffic.lander', { lander: l.lander || t('affiliate.report.otherPages'), rate: bounceRate(l.bounce_rate, locale), measured: count(l.measured) }))
          .join(', ')
  }
  const sum = totals(report)
  const range = { from: report.from, to: report.to }
  return (
    <Panel aria-labelledby="traffic-sources">
      <h2 id="traffic-sources">{t('console.traffic.sources.title')}</h2>
      {report.rows.length === 0 ? (
        <Muted>{t('console.traffic.sources.empty', range)}</Muted>
      ) : (
        <ScrollTable caption={t('console.traffic.sources.caption', range)}>
          <thead>
            <tr>
              {sourceFields.map((f) => (
                <th key={f} scope="col">{t(`console.traffic.sources.${f}`)}</th>
              ))}
              <th scope="col" className="n">{t('console.traffic.sources.visits')}</th>
              <th scope="col" className="n">{t('affiliate.traffic.bounceRate')}</th>
              <th scope="col">{t('affiliate.traffic.landers')}</th>
              <th scope="col" className="n">{t('console.traffic.sources.signups')}</th>
              <th scope="col" className="n">{t('console.traffic.sources.activations')}</th>
              <th scope="col" className="n">{t('console.traffic.sources.firstPurchases')}</th>
              <th scope="col" className="n">{t('console.traffic.sources.revenue')}</th>
              <th scope="col">{t('console.traffic.sources.variants')}</th>
            </tr>
          </thead>
          <tbody>
            {report.rows.map((r) => (
              <tr key={sourceFields.map((f) => r[f]).join('\u0000')}>
                <th scope="row">{r.network || t('console.traffic.sources.direct')}</th>
                {sourceFields.slice(1).map((f) => (
                  <td key={f}>{r[f] || '–'}</td>
                ))}
                <td className="n">{count(r.visits)}</td>
                <td className="n">{bounceRate(r.bounce_rate ?? null, locale)}</td>
                <td>{landerBounces(r.landers)}</td>
                <td className="n">{count(r.signups)}</td>
                <td className="n">{count(r.activations)}</td>
                <td className="n">{count(r.first_purchases)}</td>
                <td className="n">{revenue(r.revenue)}</td>
                <td>{variants(r.variants)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={sourceFields.length}>{t('console.traffic.sources.total')}</th>
              <td className="n">{count(sum.visits)}</td>
              <td />
              <td />
              <td className="n">{count(sum.signups)}</td>
              <td className="n">{count(sum.activations)}</td>
              <td className="n">{count(sum.first_purchases)}</td>
              <td className="n">{revenue(sum.revenue)}</td>
              <td />
            </tr>
          </tfoot>
        </ScrollTable>
      )}
    </Panel>
  )
}

/** lastAnswer words a postback's last call: the network's status and what went wrong, or that it was not called yet. */
function lastAnswer(t: ReturnType<typeof useTranslation>['t'], p: PostbackEntry): string {
  const c = p.last_call
  if (!c) return t('console.traffic.postbacks.notCalled')
  if (c.status_code === 0) return t('console.traffic.postbacks.noAnswer', { error: c.error })
  return c.error ? t('console.traffic.postbacks.answerError', { status: c.status_code, error: c.error }) : t('console.traffic.postbacks.answer', { status: c.status_code })
}

/** Postbacks is the postbacks the days made: what each network was told and what it answered. */
function Postbacks({ log }: { log: PostbackLog }) {
  const { t, i18n } = useTranslation()
  const locale = i18n.language
  const when = (iso: string) => {
    try {
      return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: log.time_zone }).format(new Date(iso))
    } catch {
      return iso
    }
  }
  const range = { from: log.from, to: log.to }
  return (
    <Panel aria-labelledby="traffic-postbacks">
      <h2 id="traffic-postbacks">{t('console.traffic.postbacks.title')}</h2>
      {log.postbacks.length === 0 ? (
        <Muted>{t('console.traffic.postbacks.empty', range)}</Muted>
      ) : (
        <ScrollTable caption={t('console.traffic.postbacks.caption', range)}>
          <thead>
            <tr>
              <th scope="col">{t('console.traffic.postbacks.made')}</th>
              <th scope="col">{t('console.traffic.postbacks.event')}</th>
              <th scope="col">{t('console.traffic.postbacks.network')}</th>
              <th scope="col" className="n">{t('console.traffic.postbacks.member')}</th>
              <th scope="col">{t('console.traffic.postbacks.status')}</th>
              <th scope="col" className="n">{t('console.traffic.postbacks.attempts')}</th>
              <th scope="col">{t('console.traffic.postbacks.lastAnswer')}</th>
              <th scope="col">{t('console.traffic.postbacks.url')}</th>
            </tr>
          </thead>
          <tbody>
            {log.postbacks.map((p) => (
              <tr key={p.id}>
                <th scope="row">
                  <time dateTime={p.created_at}>{when(p.created_at)}</time>
                </th>
                <td>{t(`console.traffic.postbacks.events.${p.event}`)}</td>
                <td>{p.network}</td>
                <td className="n">{p.member_id}</td>
                <td>{t(`console.traffic.postbacks.statuses.${p.status}`)}</td>
                <td className="n">{p.attempts.toLocaleString(locale)}</td>
                <td>{lastAnswer(t, p)}</td>
                <td className="url">{p.url}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      {log.truncated && <Muted>{t('console.traffic.postbacks.truncated')}</Muted>}
    </Panel>
  )
}
