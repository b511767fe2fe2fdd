import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Container } from '../components/Grid'
import { media } from '../theme/theme'
import { useAppState } from '../state/context'
import { AccountMenu } from './AccountMenu'
import { BackButton } from './BackButton'
import { LanguageMenu } from './LanguageMenu'
import { Logo } from './Logo'
import { MemberNav } from './MemberNav'
import { NavList } from './NavLinkItem'
import { VisitorNav } from './VisitorNav'

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${(p) => p.theme.zIndex.header};
  background: ${(p) => p.theme.colors.primary};
  color: ${(p) => p.theme.colors.onPrimary};
  box-shadow: 0 2px 8px rgba(0, 0, 0, 0.15);
`

const Inner = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${(p) => p.theme.space(3)};
  min-height: 64px;
  padding: ${(p) => p.theme.space(2)} 0;
`

const Nav = styled.nav`
  order: 3;
  flex: 1 0 100%;
  display: flex;
  ${media('md')} {
    order: 0;
    flex: 1 1 auto;
    justify-content: flex-end;
  }
`

const Tools = styled.div`
  display: flex;
  align-items: center;
  gap: ${(p) => p.theme.space(2)};
  margin-left: auto;
  ${media('md')} {
    margin-left: 0;
  }
`

/** Header is the top navigation of the default layout. */
export function Header() {
  const { t } = useTranslation()
  const user = useAppState((s) => s.user)
  return (
    <Bar data-testid="site-header">
      <Container>
        <Inner>
          <BackButton />
          <Logo onPrimary />
          <Nav aria-label={t('nav.main')}>
            <NavList>{user ? <MemberNav user={user} /> : <VisitorNav />}</NavList>
          </Nav>
          <Tools>
            <LanguageMenu />
            {user && <AccountMenu user={user} />}
          </Tools>
        </Inner>
      </Container>
    </Bar>
  )
}
