import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Page } from '../../../components/Page'

/** ResetPasswordPage: /reset-password. */
export function ResetPasswordPage() {
  const { t } = useTranslation()
  return (
    <Page title={t('resetPassword.title')} lead={t('resetPassword.lead')}>
      <Link to="/login">{t('resetPassword.backToLogin')}</Link>
    </Page>
  )
}

/** ResetPasswordDoPage: /reset-password/do, the link of the e-mail. */
export function ResetPasswordDoPage() {
  const { t } = useTranslation()
  return (
    <Page title={t('resetPasswordDo.title')} lead={t('resetPasswordDo.lead')}>
      <Link to="/login">{t('resetPassword.backToLogin')}</Link>
    </Page>
  )
}
