import { useTranslation } from 'react-i18next'
import { ButtonLink } from '../../../components/Button'
import { Page } from '../../../components/Page'

/** MailChangeDoPage: /mail-change/do, the link that confirms a new e-mail address. */
export function MailChangeDoPage() {
  const { t } = useTranslation()
  return (
    <Page title={t('mailChange.title')} lead={t('mailChange.lead')}>
      <ButtonLink to="/profile">{t('nav.myProfile')}</ButtonLink>
    </Page>
  )
}
