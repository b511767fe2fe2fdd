import { useTranslation } from 'react-i18next'
import { useLogout } from '../app/hooks'
import { Dropdown } from '../components/Dropdown'
import type { User } from '../boot/types'

/** AccountMenu: My profile, Settings, Logout. */
export function AccountMenu({ user }: { user: User }) {
  const { t } = useTranslation()
  const logout = useLogout()
  return (
    <Dropdown
      testId="account-menu"
      align="right"
      label={user.profile?.name || t('nav.account')}
      accessibleLabel={t('nav.account')}
      items={[
        { key: 'profile', label: t('nav.myProfile'), to: '/profile' },
        { key: 'settings', label: t('nav.settings'), to: '/notifications' },
        { key: 'logout', label: t('nav.logout'), onSelect: () => void logout() },
      ]}
    />
  )
}
