import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import styled from 'styled-components'
import type { ConsoleApi, Tenant } from '../api'
import { errorText } from '../errors'
import { anyTenant, global, useCan } from '../permissions'
import { Alert, Card, CardList, Facts as SharedFacts, Heading, Muted } from '../ui'

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
  const [tenants, setTenants] = useState<Tenant[] | null>(null)
  const [error, setError] = useState('')

  useEffect(() => {
    let live = true
    api.tenants().then(
      (list) => live && setTenants(list),
      (err: unknown) => live && setError(errorText(t, err)),
    )
    return () => {
      live = false
    }
  }, [api, t])

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
                </Card>
              </li>
            ))}
          </List>
        </>
      )}
    </>
  )
}
