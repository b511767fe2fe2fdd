import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import styled, { useTheme } from 'styled-components'
import { Container } from '../components/Grid'
import { below, color, media, space, zIndex } from '../theme/theme'
import { PHONE_QUERY, useMediaQuery } from '../app/hooks'
import { AccountMenu, MemberNav } from '../app/member'
import { useAppState } from '../state/context'
import { BackButton } from './BackButton'
import { LanguageMenu } from './LanguageMenu'
import { Logo } from './Logo'
import { NavList } from './NavLinkItem'
import { VisitorMenu, VisitorNav } from './VisitorNav'

// The header's variants are attributes, so the CSS stays static. minimal
// is a plain light bar: its links in the brand's colour, the signup filled,
// the page's own focus ring. centered has the menus first (in the reading
// and keyboard order too), the links last and the logo in the middle
// between them. (Comments outside the CSS: inside it they ship with the
// bundle.)
export const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${zIndex.header};
  background: ${color.primary};
  color: ${color.onPrimary};
  box-shadow: 0 2px 8px rgba(0, 0, 0, 0.15);
  /* The page's ring (secondary) can be the header's own hue (amber on orange,
     violet on pink): on the coloured bar the ring is the bar's text colour. */
  a:focus-visible,
  button:focus-visible {
    outline-color: ${color.onPrimary};
  }
  &[data-header='minimal'] {
    background: ${color.surface};
    color: ${color.text};
    box-shadow: none;
    border-bottom: 1px solid ${color.border};
    a,
    button {
      color: ${color.primary};
    }
    a:hover,
    a.active {
      background: transparent;
      text-decoration: underline;
    }
    a[data-testid='nav-signup'] {
      background: ${color.primary};
      color: ${color.onPrimary};
      text-decoration: none;
    }
    a:focus-visible,
    button:focus-visible {
      outline-color: ${color.secondary};
    }
  }
  &[data-header='centered'] > div > div {
    > div {
      margin: 0;
    }
    > nav {
      flex: 0 1 auto;
    }
    > a {
      margin-inline: auto;
    }
  }
`

const Inner = styled.div<{ $compact: boolean }>`
  display: flex;
  flex-wrap: ${(p) => (p.$compact ? 'nowrap' : 'wrap')};
  align-items: center;
  gap: ${(p) => space(p.$compact ? 2 : 3)};
  min-height: ${(p) => (p.$compact ? 52 : 64)}px;
  padding: ${(p) => space(p.$compact ? 1 : 2)} 0;
  > * {
    min-width: 0;
  }
  /* The brand's name is never cut: on a phone it is set a little smaller
     and the links beside it give way (their words wrap) instead. */
  a[data-testid='site-logo'] {
    flex: none;
  }
  ${below('md')} {
    a[data-testid='site-logo'] {
      font-size: 1.125rem;
    }
    nav a {
      padding-inline: ${space(1)};
      white-space: normal;
      line-height: 1.1;
      text-align: center;
      font-size: 0.875rem;
    }
    [data-testid$='-menu'] > button {
      padding-inline: ${space(2)};
    }
  }
  ${media('md')} {
    flex-wrap: wrap;
    gap: ${space(3)};
    min-height: 64px;
    padding: ${space(2)} 0;
  }
`

/** Nav shares the one row with the logo on phones: a member's phone has the tab bar, a visitor's menu holds search and login. */
const Nav = styled.nav<{ $compact: boolean }>`
  order: ${(p) => (p.$compact ? 0 : 3)};
  flex: ${(p) => (p.$compact ? '1 1 auto' : '1 0 100%')};
  display: flex;
  justify-content: ${(p) => (p.$compact ? 'flex-end' : 'flex-start')};
  ${media('md')} {
    order: 0;
    flex: 1 1 auto;
    justify-content: flex-end;
  }
`

const Tools = styled.div<{ $compact: boolean }>`
  display: flex;
  flex: none;
  align-items: center;
  gap: ${space(2)};
  margin-left: ${(p) => (p.$compact ? 0 : 'auto')};
  ${media('md')} {
    margin-left: 0;
  }
`

/**
 * Header is the top navigation of the default layout, in the theme's
 * variant (its CSS, on one row of parts): the logo left on a bar in the
 * brand's colour, the logo centred between the menu and the links, or a
 * plain light bar whose visitor sees the sign-in link on a phone too. On a
 * phone it is one compact row: for a member the logo, credits and the
 * account menu with the language (the tab bar at the bottom holds search,
 * swipe, likes, messages and profile); for a visitor the logo, sign up and
 * a menu with search, log in and the language.
 */
export function Header() {
  const { t } = useTranslation()
  const user = useAppState((s) => s.user)
  const phone = useMediaQuery(PHONE_QUERY)
  const variant = useTheme().layout.header
  const compact = !!user || phone
  const centered = variant === 'centered'
  const tools = (
    <Tools $compact={compact}>
      {!phone && <LanguageMenu />}
      {!user && phone && <VisitorMenu />}
      {user && (
        <Suspense fallback={null}>
          <AccountMenu user={user} />
        </Suspense>
      )}
    </Tools>
  )
  return (
    <Bar data-testid="site-header" data-header={variant}>
      <Container>
        <Inner $compact={compact}>
          <BackButton />
          {centered && tools}
          <Logo onPrimary={variant !== 'minimal'} />
          <Nav aria-label={t('nav.main')} $compact={compact}>
            <NavList>
              {user ? (
                <Suspense fallback={null}>
                  <MemberNav user={user} />
                </Suspense>
              ) : (
                <VisitorNav login={variant === 'minimal'} />
              )}
            </NavList>
          </Nav>
          {!centered && tools}
        </Inner>
      </Container>
    </Bar>
  )
}
