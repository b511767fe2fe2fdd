import { useTranslation } from 'react-i18next'
import { isDesktop } from '../app/hooks'
import { Dropdown, type DropdownItem } from '../components/Dropdown'
import { useAppState, useServices } from '../state/context'
import { MenuIcon } from './MenuIcon'
import { NavLinkItem } from './NavLinkItem'
import { showLanguageDropdown } from './rules'

/**
 * VisitorNav is the navigation of a logged-out visitor. On a phone only
 * Sign up stays in the header's row (and Log in, when login is set); the
 * visitor's menu holds the rest.
 */
export function VisitorNav({ login = false }: { login?: boolean }) {
  const { t } = useTranslation()
  const { store } = useServices()
  return (
    <>
      <NavLinkItem to="/members" label={t('nav.search')} testId="nav-search" wideOnly />
      <NavLinkItem to="/login" label={t('nav.login')} testId="nav-login" wideOnly={!login} />
      <NavLinkItem
        to="/signup"
        label={t('nav.signup')}
        testId="nav-signup"
        onClick={(e) => {
          // Signup is a modal on desktop and a page on smartphones.
          if (isDesktop()) {
            e.preventDefault()
            store.set({ signup: { open: true, inProgress: false } })
          }
        }}
      />
    </>
  )
}

/** VisitorMenu is a visitor's menu on a phone: search, log in and the language, which have no room in the one row. */
export function VisitorMenu() {
  const { t } = useTranslation()
  const locales = useAppState((s) => s.locales)
  const items: DropdownItem[] = [
    { key: 'search', label: t('nav.search'), to: '/members' },
    { key: 'login', label: t('nav.login'), to: '/login' },
  ]
  if (showLanguageDropdown(locales)) items.push({ key: 'language', label: t('nav.languageChoice'), to: '/lang-config' })
  return <Dropdown testId="visitor-menu" align="right" label={<MenuIcon />} accessibleLabel={t('nav.menu')} items={items} />
}
