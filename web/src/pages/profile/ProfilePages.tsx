import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Page, Panel } from '../../components/Page'
import { useAppState } from '../../state/context'

/** The notification types of SPEC.md section 3. */
export const NOTIFICATION_TYPES = [
  'new_conversations',
  'new_messages',
  'like',
  'unread_message_reminders',
  'promotions',
  'weekly_updates',
  'news',
  'reminders',
] as const

/** ProfilePage: /profile, the member's own profile. */
export function ProfilePage() {
  const { t } = useTranslation()
  const user = useAppState((s) => s.user)
  return (
    <Page title={t('profile.title')} lead={t('profile.lead')}>
      {user?.profile && (
        <Panel>
          <p data-testid="profile-name">{user.profile.name}</p>
        </Panel>
      )}
      <Link to="/notifications">{t('nav.settings')}</Link>
    </Page>
  )
}

/** NotificationsPage: /notifications, the member's settings and e-mail notifications. */
export function NotificationsPage() {
  const { t } = useTranslation()
  const disabled = useAppState((s) => s.user?.notifications_disabled ?? null)
  return (
    <Page title={t('notifications.title')} lead={t('notifications.lead')}>
      <Panel>
        <h2>{t('notifications.emails')}</h2>
        <ul>
          {NOTIFICATION_TYPES.map((n) => (
            <li key={n}>
              {t(`notifications.types.${n}`)}
              {': '}
              {disabled?.includes(n) ? t('notifications.off') : t('notifications.on')}
            </li>
          ))}
        </ul>
      </Panel>
    </Page>
  )
}
