import { useTranslation } from 'react-i18next'
import { Page, Panel } from '../../components/Page'
import { useAppState } from '../../state/context'

/** ComplaintsPage: /complaints. */
export function ComplaintsPage() {
  const { t } = useTranslation()
  const email = useAppState((s) => s.settings.support_email)
  return (
    <Page title={t('complaints.title')} lead={t('complaints.lead')}>
      {email && (
        <Panel>
          {t('complaints.mail')} <a href={`mailto:${email}`}>{email}</a>
        </Panel>
      )}
    </Page>
  )
}
