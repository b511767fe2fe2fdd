import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Container } from '../components/Grid'
import { color, media, space, zIndex } from '../theme/theme'
import { PHONE_QUERY, useMediaQuery } from '../app/hooks'
import { AccountMenu, MemberNav } from '../app/member'
import { useAppState } from '../state/context'
import { BackButton } from './BackButton'
import { LanguageMenu } from './LanguageMenu'
import { Logo } from './Logo'
import { NavList } from './NavLinkItem'
import { VisitorNav } from './VisitorNav'

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${zIndex.header};
  background: ${color.primary};
  color: ${color.onPrimary};
  box-shadow: 0 2px 8px rgba(0, 0, 0, 0.15);
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
  /* the brand's name gives way before the buttons do */
  a[data-testid='site-logo'] {
    flex: 0 1 auto;
    overflow: hidden;
    span {
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
  }
  ${media('md')} {
    flex-wrap: wrap;
    gap: ${space(3)};
    min-height: 64px;
    padding: ${space(2)} 0;
  }
`

/** Nav is a second row on phones for visitors; a member's phone has the tab bar, so theirs stays in the one row. */
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
 * Header is the top navigation of the default layout. For a member on a phone
 * it is one compact row (logo, credits, the account menu with the language): the tab bar at
 * the bottom holds search, swipe, likes, messages and profile.
 */
export function Header() {
  const { t } = useTranslation()
  const user = useAppState((s) => s.user)
  const phone = useMediaQuery(PHONE_QUERY)
  return (
    <Bar data-testid="site-header">
      <Container>
        <Inner $compact={!!user}>
          <BackButton />
          <Logo onPrimary />
          <Nav aria-label={t('nav.main')} $compact={!!user}>
            <NavList>
              {user ? (
                <Suspense fallback={null}>
                  <MemberNav user={user} />
                </Suspense>
              ) : (
                <VisitorNav />
              )}
            </NavList>
          </Nav>
          <Tools $compact={!!user}>
            {!(user && phone) && <LanguageMenu />}
            {user && (
              <Suspense fallback={null}>
                <AccountMenu user={user} />
              </Suspense>
            )}
          </Tools>
        </Inner>
      </Container>
    </Bar>
  )
}
