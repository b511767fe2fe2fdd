import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { ButtonLink } from '../../../components/Button'
import { Page } from '../../../components/Page'
import { refreshUser } from '../../../state/refresh'
import { useAppState, useServices } from '../../../state/context'

/** ActivateDonePage: /activate/done; a logged-in member's status is read again. */
export function ActivateDonePage() {
  const { t } = useTranslation()
  const { api, store } = useServices()
  useEffect(() => {
    if (store.get().user) void refreshUser(api, store).catch(() => {})
  }, [api, store])
  return (
    <Page title={t('activate.doneTitle')} lead={t('activate.doneLead')} testId="activate-done">
      <ButtonLink to="/members">{t('nav.search')}</ButtonLink>
    </Page>
  )
}

/** ActivateErrorPage: /activate/error, 'Activation failed'. */
export function ActivateErrorPage() {
  const { t } = useTranslation()
  const email = useAppState((s) => s.settings.support_email)
  return (
    <Page title={t('activate.errorTitle')} testId="activate-error">
      <p role="alert">{t('activate.errorText', { 0: email })}</p>
    </Page>
  )
}
