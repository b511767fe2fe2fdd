import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { PHONE_QUERY, useLogout, useMediaQuery } from '../app/hooks'
import { Dropdown, type DropdownItem } from '../components/Dropdown'
import type { User } from '../boot/types'
import { showLanguageDropdown } from './rules'
import { useAppState } from '../state/context'
import { MenuIcon } from './MenuIcon'

/** Name is the member's name on the menu's button, cut short when long. */
const Name = styled.span`
  display: inline-block;
  max-width: 14em;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  vertical-align: bottom;
`

/**
 * AccountMenu: My profile, Settings, Logout. On a phone's one-row header its
 * button is an icon (the name would not fit) and it holds the language choice
 * too, which has no room of its own there.
 */
export function AccountMenu({ user }: { user: User }) {
  const { t } = useTranslation()
  const logout = useLogout()
  const phone = useMediaQuery(PHONE_QUERY)
  const locales = useAppState((s) => s.locales)
  const items: DropdownItem[] = [
    { key: 'profile', label: t('nav.myProfile'), to: '/profile' },
    { key: 'settings', label: t('nav.settings'), to: '/notifications' },
  ]
  if (phone && showLanguageDropdown(locales)) items.push({ key: 'language', label: t('nav.languageChoice'), to: '/lang-config' })
  items.push({ key: 'logout', label: t('nav.logout'), onSelect: () => void logout() })
  const name = user.profile?.name || t('nav.account')
  return (
    <Dropdown
      testId="account-menu"
      align="right"
      label={phone ? <MenuIcon /> : <Name>{name}</Name>}
      // The name contains the visible text (the member's name), so speech input finds the button by what it shows.
      accessibleLabel={phone || name === t('nav.account') ? t('nav.account') : t('nav.accountOf', { name })}
      items={items}
    />
  )
}
