import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Page } from '../../../components/Page'

/** DELETION_DAYS: a pending deletion can be reversed this long. */
export const DELETION_DAYS = 14

/** AccountDeletedPage: /account-deleted. */
export function AccountDeletedPage() {
  const { t } = useTranslation()
  return (
    <Page title={t('accountDeleted.title')} lead={t('accountDeleted.lead', { days: DELETION_DAYS })}>
      <Link to="/pages/service">{t('footer.service')}</Link>
    </Page>
  )
}
