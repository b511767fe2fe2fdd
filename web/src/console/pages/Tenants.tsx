import { useLoad } from '../../api/useLoad'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import styled from 'styled-components'
import type { BrandToday, ConsoleApi } from '../api'
import { formatPrice } from '../../i18n/money'
import { errorText } from '../errors'
import { anyTenant, global, useCan } from '../permissions'
import { Alert, Card, CardList, Facts as SharedFacts, Heading, Muted, colors } from '../ui'

const List = styled(CardList)`
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 300px), 1fr));
`

const Facts = styled(SharedFacts)`
  margin: 0;
`

/** Tenants lists the brands the staff member may see. */
export function Tenants({ api }: { api: ConsoleApi }) {
  const { t } = useTranslation()
  const can = useCan()
  const list = useLoad('tenants', () => api.tenants())
  // The figures, queues, site and landers of each brand; the list shows without them while they load.
  const today = useLoad('today', () => api.today())
  const tenants = list.state.status === 'done' ? list.state.data : null
  const error = list.state.status === 'failed' ? errorText(t, list.state.error) : ''
  const of = (slug: string) => today.latest?.brands.find((b) => b.tenant === slug)

  return (
    <>
      <Heading>{t('console.tenants.heading')}</Heading>
      {can(global('tenants', 'write')) && (
        <p>
          <Link to="/tenants/new">{t('console.brand.new')}</Link>
        </p>
      )}
      {error && <Alert role="alert">{error}</Alert>}
      {!tenants && !error && <Muted role="status">{t('console.loading')}</Muted>}
      {tenants && tenants.length === 0 && <Muted>{t('console.tenants.empty')}</Muted>}
      {tenants && tenants.length > 0 && (
        <>
          <Muted role="status">{t('console.tenants.count', { count: tenants.length })}</Muted>
          <List aria-label={t('console.tenants.heading')}>
            {tenants.map((tenant) => (
              <li key={tenant.slug}>
                <Card aria-labelledby={`tenant-${tenant.slug}`} data-tenant={tenant.slug}>
                  <h2 id={`tenant-${tenant.slug}`} style={{ margin: '0 0 8px', fontSize: '1.125rem' }}>{tenant.name}</h2>
                  <Facts>
                    <dt>{t('console.tenants.hosts')}</dt>
                    <dd>{tenant.hosts.join(', ')}</dd>
                    <dt>{t('console.tenants.locales')}</dt>
                    <dd>{tenant.locales.join(', ')}</dd>
                    <dt>{t('console.tenants.theme')}</dt>
                    <dd>{tenant.theme}</dd>
                    <dt>{t('console.tenants.company')}</dt>
                    <dd>{tenant.company}</dd>
                  </Facts>
                  <Headline brand={of(tenant.slug)} />
                  <p style={{ margin: '12px 0 0', display: 'flex', gap: '16px', flexWrap: 'wrap' }}>
                    {can(anyTenant('tenants', 'write'), tenant.slug) && (
                      <Link to={`/tenants/${tenant.slug}`} aria-label={t('console.brand.editHeading', { name: tenant.name })}>
                        {t('console.brand.edit')}
                      </Link>
                    )}
                    <a href={`/admin/api/tenants/${tenant.slug}/export`} download={`${tenant.slug}.yaml`}>
                      {t('console.brand.export')}
                    </a>
                  </p>
                  <SiteLinks brand={of(tenant.slug)} name={tenant.name} />
                </Card>
              </li>
            ))}
          </List>
        </>
      )}
    </>
  )
}

const Figures = styled.dl`
  margin: 12px 0 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
  gap: 8px;
  div { background: ${colors.page}; border-radius: 6px; padding: 8px 10px; }
  dt { color: ${colors.muted}; font-size: 0.8125rem; }
  dd { margin: 0; font-weight: 700; font-size: 1.125rem; }
`

/** Headline shows a brand's figures and queue sizes, those the engine answered for this staff member. */
function Headline({ brand }: { brand?: BrandToday }) {
  const { t, i18n } = useTranslation()
  if (!brand) return null
  const number = (n: number) => n.toLocaleString(i18n.language)
  const f = brand.figures
  const items: [string, string][] = []
  if (f) {
    items.push([t('console.tenants.members'), number(f.members)])
    items.push([t('console.tenants.signupsToday'), number(f.signups_today)])
    items.push([
      t('console.tenants.revenueMonth'),
      f.revenue_month.length > 0 ? f.revenue_month.map((a) => formatPrice(a.amount, a.currency, i18n.language)).join(', ') : number(0),
    ])
  }
  if (brand.photos_waiting !== undefined) items.push([t('console.tenants.photosWaiting'), number(brand.photos_waiting)])
  if (brand.complaints_open !== undefined) items.push([t('console.tenants.complaintsOpen'), number(brand.complaints_open)])
  if (brand.flagged_members !== undefined) items.push([t('console.tenants.flaggedMembers'), number(brand.flagged_members)])
  if (items.length === 0) return null
  return (
    <Figures aria-label={t('console.tenants.figures', { name: brand.name })}>
      {items.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </Figures>
  )
}

/** SiteLinks open the brand's member site and its landers in a new tab. */
function SiteLinks({ brand, name }: { brand?: BrandToday; name: string }) {
  const { t } = useTranslation()
  if (!brand) return null
  return (
    <>
      <p style={{ margin: '8px 0 0' }}>
        <a href={brand.site} target="_blank" rel="noreferrer" aria-label={t('console.tenants.openSiteOf', { name })}>
          {t('console.tenants.openSite')}
        </a>
      </p>
      <details style={{ marginTop: '8px' }}>
        <summary>{t('console.tenants.landers', { count: brand.landers.length })}</summary>
        <ul aria-label={t('console.tenants.landersOf', { name })}>
          {brand.landers.map((url) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noreferrer">{url.slice(url.lastIndexOf('/') + 1)}</a>
            </li>
          ))}
        </ul>
      </details>
    </>
  )
}
