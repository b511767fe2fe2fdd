// An affiliate's own page: its traffic on a brand per lander and sub-id
// (visits, bounce rate, signups, activations, first purchases, revenue and
// its share), the postbacks told to its network, and a builder of its
// tracking links. The engine narrows every answer to the affiliate's
// network and refs; this page only shows them.
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { useLoad } from '../../../api/useLoad'
import { formatPrice } from '../../../i18n/money'
import { ConsoleError, type AffiliateHome, type AffiliatePostbacks, type AffiliateReport, type ConsoleApi, type DaySpan, type Money } from '../../api'
import { errorText } from '../../errors'
import { Alert, Button, Field, Heading, Input, Muted, colors } from '../../ui'
import { Select } from '../TenantPicker'
import { Panel, ScrollTable, bounceRate } from '../traffic/tables'
import { trackingLink } from './links'

type T = ReturnType<typeof useTranslation>['t']

const Range = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 0 12px;
  align-items: end;
  > div { width: 12rem; }
`

const Builder = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  gap: 0 12px;
  align-items: end;
`

const Link = styled.output`
  display: block;
  padding: 8px;
  margin: 8px 0;
  border: 1px solid ${colors.line};
  border-radius: 6px;
  word-break: break-all;
  font-family: ui-monospace, monospace;
  font-size: 0.875rem;
`

function refusal(t: T, err: unknown): string {
  if (err instanceof ConsoleError && err.code === 'span_invalid') return t('affiliate.spanInvalid')
  return errorText(t, err)
}

/** Affiliate is an affiliate's start: its brands, its traffic and postbacks on one, and its links. */
export function Affiliate({ api }: { api: ConsoleApi }) {
  const { t } = useTranslation()
  const home = useLoad<AffiliateHome>('affiliate', () => api.affiliateHome())
  const [chosen, setChosen] = useState('')
  if (home.state.status === 'loading') return <Muted role="status">{t('affiliate.loading')}</Muted>
  if (home.state.status === 'failed') return <Alert role="alert">{errorText(t, home.state.error)}</Alert>
  const data = home.state.data
  const brand = data.brands.find((b) => b.slug === chosen) ?? data.brands[0]
  return (
    <section aria-labelledby="affiliate-heading">
      <Heading id="affiliate-heading">{t('affiliate.heading')}</Heading>
      <Muted>
        {data.affiliate.refs.length > 0
          ? t('affiliate.scopeRefs', { network: data.affiliate.network, refs: data.affiliate.refs.join(', ') })
          : t('affiliate.scope', { network: data.affiliate.network })}{' '}
        {t('affiliate.share', { share: (data.affiliate.revenue_share / 100).toLocaleString() })}
      </Muted>
      {!brand ? (
        <Muted>{t('affiliate.noBrands')}</Muted>
      ) : (
        <>
          {data.brands.length > 1 && (
            <Field>
              <label htmlFor="affiliate-brand">{t('affiliate.brand')}</label>
              <Select id="affiliate-brand" value={brand.slug} onChange={(e) => setChosen(e.target.value)}>
                {data.brands.map((b) => (
                  <option key={b.slug} value={b.slug}>{b.name}</option>
                ))}
              </Select>
            </Field>
          )}
          <Traffic api={api} tenant={brand.slug} />
          <LinkBuilder home={data} brand={brand} />
        </>
      )}
    </section>
  )
}

type Loaded = { report: AffiliateReport; postbacks: AffiliatePostbacks }

function Traffic({ api, tenant }: { api: ConsoleApi; tenant: string }) {
  const { t } = useTranslation()
  const [span, setSpan] = useState<DaySpan>({ from: '', to: '' })
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const load = useLoad<Loaded>(`${tenant}|${span.from}|${span.to}`, () =>
    Promise.all([api.affiliateReport(tenant, span), api.affiliatePostbacks(tenant, span)]).then(([report, postbacks]) => ({ report, postbacks })),
  )
  const shown = load.state.status === 'done' ? load.state.data : null
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setSpan({ from, to })
  }
  return (
    <>
      <Range onSubmit={submit} aria-label={t('affiliate.range')}>
        <Field>
          <label htmlFor="affiliate-from">{t('affiliate.from')}</label>
          <Input id="affiliate-from" type="date" value={from || shown?.report.from || ''} onChange={(e) => setFrom(e.target.value)} />
        </Field>
        <Field>
          <label htmlFor="affiliate-to">{t('affiliate.to')}</label>
          <Input id="affiliate-to" type="date" value={to || shown?.report.to || ''} onChange={(e) => setTo(e.target.value)} />
        </Field>
        <Field>
          <Button type="submit" disabled={load.state.status === 'loading'}>{t('affiliate.show')}</Button>
        </Field>
      </Range>
      {load.state.status === 'loading' && <Muted role="status">{t('affiliate.loading')}</Muted>}
      {load.state.status === 'failed' && <Alert role="alert">{refusal(t, load.state.error)}</Alert>}
      {shown && (
        <>
          <Muted>{t('affiliate.daysIn', { zone: shown.report.time_zone })}</Muted>
          <Report report={shown.report} />
          <Postbacks log={shown.postbacks} />
        </>
      )}
    </>
  )
}

function Report({ report }: { report: AffiliateReport }) {
  const { t, i18n } = useTranslation()
  const locale = i18n.language
  const count = (n: number) => n.toLocaleString(locale)
  const money = (ms: Money[]) => (ms.length === 0 ? '–' : ms.map((m) => formatPrice(m.amount, m.currency, locale)).join(', '))
  const range = { from: report.from, to: report.to }
  return (
    <Panel aria-labelledby="affiliate-report">
      <h2 id="affiliate-report">{t('affiliate.report.title')}</h2>
      {report.rows.length === 0 ? (
        <Muted>{t('affiliate.report.empty', range)}</Muted>
      ) : (
        <ScrollTable caption={t('affiliate.report.caption', range)}>
          <thead>
            <tr>
              <th scope="col">{t('affiliate.report.lander')}</th>
              <th scope="col">{t('affiliate.report.ref')}</th>
              <th scope="col">{t('affiliate.report.sub1')}</th>
              <th scope="col">{t('affiliate.report.sub2')}</th>
              <th scope="col">{t('affiliate.report.sub3')}</th>
              <th scope="col" className="n">{t('affiliate.report.visits')}</th>
              <th scope="col" className="n">{t('affiliate.report.bounceRate')}</th>
              <th scope="col" className="n">{t('affiliate.report.signups')}</th>
              <th scope="col" className="n">{t('affiliate.report.activations')}</th>
              <th scope="col" className="n">{t('affiliate.report.firstPurchases')}</th>
              <th scope="col" className="n">{t('affiliate.report.revenue')}</th>
              <th scope="col" className="n">{t('affiliate.report.share')}</th>
            </tr>
          </thead>
          <tbody>
            {report.rows.map((r) => (
              <tr key={[r.lander, r.ref, r.sub1, r.sub2, r.sub3].join('\u0000')}>
                <th scope="row">{r.lander || t('affiliate.report.otherPages')}</th>
                <td>{r.ref || '–'}</td>
                <td>{r.sub1 || '–'}</td>
                <td>{r.sub2 || '–'}</td>
                <td>{r.sub3 || '–'}</td>
                <td className="n">{count(r.visits)}</td>
                <td className="n">{bounceRate(r.bounce_rate, locale)}</td>
                <td className="n">{count(r.signups)}</td>
                <td className="n">{count(r.activations)}</td>
                <td className="n">{count(r.first_purchases)}</td>
                <td className="n">{money(r.revenue)}</td>
                <td className="n">{money(r.share)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </Panel>
  )
}

function Postbacks({ log }: { log: AffiliatePostbacks }) {
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
    <Panel aria-labelledby="affiliate-postbacks">
      <h2 id="affiliate-postbacks">{t('affiliate.postbacks.title')}</h2>
      {log.postbacks.length === 0 ? (
        <Muted>{t('affiliate.postbacks.empty', range)}</Muted>
      ) : (
        <ScrollTable caption={t('affiliate.postbacks.caption', range)}>
          <thead>
            <tr>
              <th scope="col">{t('affiliate.postbacks.made')}</th>
              <th scope="col">{t('affiliate.postbacks.event')}</th>
              <th scope="col">{t('affiliate.postbacks.status')}</th>
              <th scope="col" className="n">{t('affiliate.postbacks.attempts')}</th>
              <th scope="col">{t('affiliate.postbacks.lastAnswer')}</th>
              <th scope="col">{t('affiliate.postbacks.url')}</th>
            </tr>
          </thead>
          <tbody>
            {log.postbacks.map((p) => (
              <tr key={`${p.created_at}|${p.event}|${p.url}`}>
                <th scope="row">
                  <time dateTime={p.created_at}>{when(p.created_at)}</time>
                </th>
                <td>{t(`affiliate.postbacks.events.${p.event}`)}</td>
                <td>{t(`affiliate.postbacks.statuses.${p.status}`)}</td>
                <td className="n">{p.attempts.toLocaleString(locale)}</td>
                <td>{p.last_call ? t('affiliate.postbacks.answer', { status: p.last_call.status_code || '–', at: when(p.last_call.called_at) }) : t('affiliate.postbacks.notCalled')}</td>
                <td className="url">{p.url}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      {log.truncated && <Muted>{t('affiliate.postbacks.truncated')}</Muted>}
    </Panel>
  )
}

function LinkBuilder({ home, brand }: { home: AffiliateHome; brand: AffiliateHome['brands'][number] }) {
  const { t } = useTranslation()
  const [lander, setLander] = useState(home.landers[0] ?? '')
  const [niche, setNiche] = useState(0)
  const [slug, setSlug] = useState('')
  const [ref, setRef] = useState(home.affiliate.refs[0] ?? '')
  const [subs, setSubs] = useState(['', '', ''])
  const [bounces, setBounces] = useState(true)
  const [built, setBuilt] = useState('')
  const [copied, setCopied] = useState(false)
  const build = (e: FormEvent) => {
    e.preventDefault()
    setCopied(false)
    setBuilt(
      trackingLink({ baseUrl: brand.base_url, lander, slug, niche, network: home.affiliate.network, ref, sub1: subs[0], sub2: subs[1], sub3: subs[2], bounces }),
    )
  }
  const copy = () => {
    void navigator.clipboard?.writeText(built).then(() => setCopied(true), () => setCopied(false))
  }
  return (
    <Panel as="form" onSubmit={build} aria-labelledby="affiliate-links">
      <h2 id="affiliate-links">{t('affiliate.links.title')}</h2>
      <Muted>{t('affiliate.links.intro', { brand: brand.name })}</Muted>
      <Builder>
        <Field>
          <label htmlFor="link-lander">{t('affiliate.links.lander')}</label>
          <Select id="link-lander" value={lander} onChange={(e) => setLander(e.target.value)}>
            {home.landers.map((l) => (
              <option key={l} value={l}>{l}</option>
            ))}
          </Select>
        </Field>
        <Field>
          <label htmlFor="link-niche">{t('affiliate.links.niche')}</label>
          <Select id="link-niche" value={niche} onChange={(e) => setNiche(Number(e.target.value))}>
            <option value={0}>{t('affiliate.links.brandNiche')}</option>
            {home.niches.map((n) => (
              <option key={n.number} value={n.number}>{t(`affiliate.links.niches.${n.name}`)}</option>
            ))}
          </Select>
        </Field>
        <Field>
          <label htmlFor="link-slug">{t('affiliate.links.slug')}</label>
          <Input id="link-slug" value={slug} maxLength={60} onChange={(e) => setSlug(e.target.value)} />
        </Field>
        <Field>
          <label htmlFor="link-ref">{t('affiliate.links.ref')}</label>
          {home.affiliate.refs.length > 0 ? (
            <Select id="link-ref" value={ref} onChange={(e) => setRef(e.target.value)}>
              {home.affiliate.refs.map((r) => (
                <option key={r} value={r}>{r}</option>
              ))}
            </Select>
          ) : (
            <Input id="link-ref" value={ref} maxLength={100} onChange={(e) => setRef(e.target.value)} />
          )}
        </Field>
        {subs.map((s, i) => (
          <Field key={i}>
            <label htmlFor={`link-sub${i + 1}`}>{t('affiliate.links.sub', { n: i + 1 })}</label>
            <Input id={`link-sub${i + 1}`} value={s} maxLength={100} onChange={(e) => setSubs(subs.map((x, j) => (j === i ? e.target.value : x)))} />
          </Field>
        ))}
      </Builder>
      <Field>
        <label>
          <input type="checkbox" checked={bounces} onChange={(e) => setBounces(e.target.checked)} /> {t('affiliate.links.bounces')}
        </label>
      </Field>
      <Button type="submit">{t('affiliate.links.build')}</Button>
      {built && (
        <>
          <Link aria-label={t('affiliate.links.link')} htmlFor="link-lander link-niche link-slug link-ref">{built}</Link>
          <Button type="button" $quiet onClick={copy}>{t('affiliate.links.copy')}</Button>
          <Muted role="status">{copied ? t('affiliate.links.copied') : ''}</Muted>
        </>
      )}
    </Panel>
  )
}
