import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ButtonLink } from '../../../components/Button'
import { Page } from '../../../components/Page'
import { useServices } from '../../../state/context'
import { accountApi } from '../api'
import { OtherBrands } from '../shared/OtherBrands'
import { Muted, Notice } from '../shared/ui'
import { useTokenCall } from '../shared/useTokenCall'

/** DELETION_DAYS: a pending deletion can be reversed this long. */
export const DELETION_DAYS = 14

/**
 * AccountDeletedPage: /account-deleted, the pending-deletion message; with
 * the ?token= of the deletion mail it reactivates the account.
 */
export function AccountDeletedPage() {
  const { t } = useTranslation()
  const { api, store } = useServices()
  const result = useTokenCall(async (token) => {
    const user = await accountApi(api).reactivate(token)
    store.set({ user })
    return user
  })
  if (result.state === 'idle') {
    return (
      <Page title={t('accountDeleted.title')} lead={t('accountDeleted.lead', { days: DELETION_DAYS })} testId="account-deleted">
        <Link to="/pages/service">{t('footer.service')}</Link>
        <OtherBrands />
      </Page>
    )
  }
  return (
    <Page title={t('accountDeletion.reactivateTitle')} testId="account-reactivate">
      {result.state === 'busy' && <Muted role="status">{t('app.loading')}</Muted>}
      {result.state === 'failed' && (
        <>
          <Notice text={result.error} testId="reactivate-error" />
          <Link to="/pages/service">{t('footer.service')}</Link>
        </>
      )}
      {result.state === 'done' && (
        <>
          <Notice text={['accountDeletion.reactivated']} tone="success" testId="reactivated" />
          <ButtonLink to="/members">{t('nav.search')}</ButtonLink>
        </>
      )}
    </Page>
  )
}
