import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import styled from 'styled-components'
import type { Staff } from './api'
import { consolePages } from './pages'
import { useCan } from './permissions'
import { Button, colors } from './ui'

const Bar = styled.header`
  background: ${colors.ink};
  color: #fff;
  padding: 8px 16px;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
`

const Brand = styled.span`
  font-weight: 700;
  margin-right: auto;
`

const Nav = styled.nav`
  ul { list-style: none; display: flex; flex-wrap: wrap; gap: 4px; margin: 0; padding: 0; }
  a {
    display: inline-block;
    color: #fff;
    padding: 10px 12px;
    border-radius: 6px;
    text-decoration: none;
  }
  a[aria-current='page'] { background: rgba(255, 255, 255, 0.16); }
`

const Who = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  font-size: 0.875rem;
`

const Content = styled.main`
  max-width: 1140px;
  margin: 0 auto;
  padding: 20px 16px 48px;
`

const Skip = styled.a`
  position: absolute;
  left: -9999px;
  &:focus { left: 8px; top: 8px; background: #fff; color: ${colors.ink}; padding: 8px; z-index: 10; }
`

/** Layout is the frame of every console page: the bar with the navigation and the account, then the page. */
export function Layout({ staff, onLogout, children }: { staff: Staff; onLogout: () => void; children: ReactNode }) {
  const { t } = useTranslation()
  const can = useCan()
  const roles = staff.roles.map((g) =>
    g.tenant === '*'
      ? t('console.roles.onAll', { role: t(`console.roles.${g.role}`) })
      : t('console.roles.onTenant', { role: t(`console.roles.${g.role}`), tenant: g.tenant }),
  )
  return (
    <>
      <Skip href="#content">{t('console.skipToContent')}</Skip>
      <Bar>
        <Brand>{t('console.title')}</Brand>
        <Nav aria-label={t('console.nav.label')}>
          <ul>
            {consolePages.filter((p) => !p.hidden && can(p.need)).map((p) => (
              <li key={p.path}>
                <NavLink to={p.path} end>{t(p.label)}</NavLink>
              </li>
            ))}
          </ul>
        </Nav>
        <Who>
          <span data-testid="signed-in" title={roles.join(', ')}>{t('console.account.signedInAs', { email: staff.email })}</span>
          <Button type="button" $quiet onClick={onLogout}>{t('console.account.logout')}</Button>
        </Who>
      </Bar>
      <Content id="content">{children}</Content>
    </>
  )
}
