// Members: finding a member of a brand, for now the moderation page's
// member lookup on a page of its own.
import { useTranslation } from 'react-i18next'
import type { ConsoleApi } from '../../api'
import { anyTenant } from '../../permissions'
import { Heading, Muted } from '../../ui'
import { MemberLookup } from '../moderation/Moderation'
import { useTenantPicker } from '../TenantPicker'

/** MemberSearch picks a brand and looks its members up. */
export function MemberSearch({ api }: { api: ConsoleApi }) {
  const { t } = useTranslation()
  const { tenant, picker, tenants, error } = useTenantPicker(api, 'members-tenant', anyTenant('members', 'read'))
  return (
    <>
      <Heading>{t('console.nav.members')}</Heading>
      {!tenants && !error && <Muted role="status">{t('console.loading')}</Muted>}
      {tenants && tenants.length === 0 && <Muted>{t('console.tenants.empty')}</Muted>}
      {picker}
      {tenant && <MemberLookup key={tenant} api={api} tenant={tenant} />}
    </>
  )
}
