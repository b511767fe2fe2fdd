import { useTranslation } from 'react-i18next'
import { isDesktop } from '../app/hooks'
import { useServices } from '../state/context'
import { NavLinkItem } from './NavLinkItem'

/** VisitorNav is the navigation of a logged-out visitor. */
export function VisitorNav() {
  const { t } = useTranslation()
  const { store } = useServices()
  return (
    <>
      <NavLinkItem to="/members" label={t('nav.search')} testId="nav-search" />
      <NavLinkItem to="/login" label={t('nav.login')} testId="nav-login" />
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
