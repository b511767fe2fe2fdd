import { useTranslation } from 'react-i18next'
import { Page, Panel } from '../../../components/Page'
import { EmailForm, PasswordForm } from './AccountForms'
import { Consents } from './Consents'
import { DataExport } from './DataExport'
import { DeleteAccount } from './DeleteAccount'
import { LanguageForm } from './LanguageForm'
import { NotificationsForm } from './NotificationsForm'

/**
 * NotificationsPage: /notifications, the member's settings (the account
 * menu's Settings): e-mail, password, language, notifications, a copy of
 * the member's data and the deletion of the account.
 */
export function NotificationsPage() {
  const { t } = useTranslation()
  return (
    <Page title={t('notifications.title')} lead={t('notifications.lead')} testId="settings-page">
      <Panel as="section" aria-labelledby="settings-notifications">
        <h2 id="settings-notifications">{t('notifications.emails')}</h2>
        <NotificationsForm />
      </Panel>
      <Panel as="section" aria-labelledby="settings-email">
        <h2 id="settings-email">{t('accountSettings.email.title')}</h2>
        <EmailForm />
      </Panel>
      <Panel as="section" aria-labelledby="settings-password">
        <h2 id="settings-password">{t('accountSettings.password.title')}</h2>
        <PasswordForm />
      </Panel>
      <Panel as="section" aria-labelledby="settings-language">
        <h2 id="settings-language">{t('langConfig.title')}</h2>
        <LanguageForm />
      </Panel>
      <Panel as="section" aria-labelledby="data-export-title" id="data-export">
        <h2 id="data-export-title">{t('dataExport.title')}</h2>
        <DataExport />
      </Panel>
      <Panel as="section" aria-labelledby="settings-consents">
        <h2 id="settings-consents">{t('consents.title')}</h2>
        <Consents />
      </Panel>
      <Panel as="section" aria-labelledby="settings-delete">
        <h2 id="settings-delete">{t('accountDeletion.title')}</h2>
        <DeleteAccount />
      </Panel>
    </Page>
  )
}
