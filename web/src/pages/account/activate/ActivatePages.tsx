import { useTranslation } from 'react-i18next'
import { ButtonLink } from '../../../components/Button'
import { Page } from '../../../components/Page'
import { useAppState } from '../../../state/context'

/** ActivateDonePage: /activate/done. */
export function ActivateDonePage() {
  const { t } = useTranslation()
  return (
    <Page title={t('activate.doneTitle')} lead={t('activate.doneLead')}>
      <ButtonLink to="/members">{t('nav.search')}</ButtonLink>
    </Page>
  )
}

/** ActivateErrorPage: /activate/error. */
export function ActivateErrorPage() {
  const { t } = useTranslation()
  const email = useAppState((s) => s.settings.support_email)
  return (
    <Page title={t('activate.errorTitle')}>
      <p role="alert">{t('activate.errorText', { 0: email })}</p>
    </Page>
  )
}
