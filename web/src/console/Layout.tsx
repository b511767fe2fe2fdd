import { useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import styled from 'styled-components'
import type { Staff } from './api'
import { consoleLanguages, type ConsoleLanguage } from './i18n'
import { navTasks } from './nav'
import { useCan } from './permissions'
import { Alert, Button, colors } from './ui'

// From this width the navigation is a sidebar beside the page; narrower
// (tablets, phones) it is a bar with a menu button that opens it.
const wide = '(min-width: 1024px)'
const narrow = '(max-width: 1023.98px)'

const Frame = styled.div`
  @media ${wide} {
    display: grid;
    grid-template-columns: 232px minmax(0, 1fr);
    min-height: 100vh;
  }
`

const Side = styled.header`
  background: ${colors.ink};
  color: #fff;
  @media ${wide} {
    position: sticky;
    top: 0;
    height: 100vh;
    overflow-y: auto;
    display: flex;
    flex-direction: column;
  }
`

const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  padding: 8px 16px;
  min-height: 60px;
`

const Brand = styled.span`
  font-weight: 700;
`

const MenuButton = styled.button`
  font: inherit;
  font-weight: 600;
  color: #fff;
  background: transparent;
  border: 1px solid rgba(255, 255, 255, 0.5);
  border-radius: 6px;
  min-height: 44px;
  padding: 8px 14px;
  cursor: pointer;
  @media ${wide} {
    display: none;
  }
`

const Menu = styled.div<{ $open: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 16px;
  padding: 0 8px 16px;
  @media ${wide} {
    flex: 1;
  }
  @media ${narrow} {
    border-top: 1px solid rgba(255, 255, 255, 0.16);
    ${(p) => (p.$open ? '' : 'display: none;')}
  }
`

const Nav = styled.nav`
  ul { list-style: none; margin: 0; padding: 0; }
  ul ul { margin: 0 0 4px 12px; }
  a {
    display: block;
    color: #fff;
    padding: 9px 12px;
    border-radius: 6px;
    text-decoration: none;
    white-space: nowrap;
  }
  ul ul a { padding: 6px 12px; font-size: 0.9375rem; color: #dfe5ee; }
  a:hover { background: rgba(255, 255, 255, 0.08); }
  a[aria-current='page'] { background: rgba(255, 255, 255, 0.18); color: #fff; }
`

const Who = styled.div`
  margin-top: auto;
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 12px;
  font-size: 0.875rem;
  border-top: 1px solid rgba(255, 255, 255, 0.16);
  label { font-weight: 600; }
  select {
    font: inherit;
    min-height: 40px;
    padding: 6px 8px;
    border-radius: 6px;
    border: 1px solid ${colors.line};
    width: max-content;
    max-width: 100%;
  }
  p { color: #ffd9d4; }
`

const Content = styled.main`
  min-width: 0;
  max-width: 1140px;
  padding: 20px 16px 48px;
  @media ${wide} {
    padding: 24px 32px 48px;
  }
`

const Skip = styled.a`
  position: absolute;
  left: -9999px;
  &:focus { left: 8px; top: 8px; background: #fff; color: ${colors.ink}; padding: 8px; z-index: 10; }
`

/**
 * Layout is the frame of every console page: the navigation by task with
 * the account (who is signed in, their language, logging out), then the
 * page. onLanguage keeps a newly chosen language on the staff account.
 */
export function Layout({
  staff,
  onLogout,
  onLanguage,
  children,
}: {
  staff: Staff
  onLogout: () => void
  onLanguage: (language: ConsoleLanguage) => Promise<void>
  children: ReactNode
}) {
  const { t } = useTranslation()
  const can = useCan()
  const [open, setOpen] = useState(false)
  const [languageError, setLanguageError] = useState('')
  const ids = useId()
  const roles = staff.roles.map((g) =>
    g.tenant === '*'
      ? t('console.roles.onAll', { role: t(`console.roles.${g.role}`) })
      : t('console.roles.onTenant', { role: t(`console.roles.${g.role}`), tenant: g.tenant }),
  )
  const close = () => setOpen(false)
  const tasks = navTasks
    .map((task) => ({ ...task, pages: task.pages.filter((p) => can(p.need)) }))
    .filter((task) => task.pages.length > 0)
  const choose = (language: ConsoleLanguage) => {
    setLanguageError('')
    onLanguage(language).catch(() => setLanguageError(t('console.account.languageFailed')))
  }
  return (
    <Frame>
      <Skip href="#content">{t('console.skipToContent')}</Skip>
      <Side>
        <Top>
          <Brand>{t('console.title')}</Brand>
          <MenuButton type="button" aria-expanded={open} aria-controls={`${ids}-menu`} onClick={() => setOpen((o) => !o)}>
            {t('console.nav.menu')}
          </MenuButton>
        </Top>
        <Menu id={`${ids}-menu`} $open={open}>
          <Nav aria-label={t('console.nav.label')}>
            <ul>
              {tasks.map((task) => (
                <li key={task.label}>
                  <NavLink to={task.pages[0].to} end onClick={close}>{t(task.label)}</NavLink>
                  {task.pages.length > 1 && (
                    <ul>
                      {task.pages.slice(1).map((p) => (
                        <li key={p.to}>
                          <NavLink to={p.to} end onClick={close}>{t(p.label)}</NavLink>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          </Nav>
          <Who>
            <span data-testid="signed-in" title={roles.join(', ')}>{t('console.account.signedInAs', { email: staff.email })}</span>
            <label htmlFor={`${ids}-language`}>{t('console.account.language')}</label>
            <select id={`${ids}-language`} value={staff.language} onChange={(e) => choose(e.target.value as ConsoleLanguage)}>
              {consoleLanguages.map((l) => (
                <option key={l.code} value={l.code} lang={l.code}>{l.name}</option>
              ))}
            </select>
            {languageError && <Alert role="alert" as="p">{languageError}</Alert>}
            <Button type="button" $quiet onClick={onLogout}>{t('console.account.logout')}</Button>
          </Who>
        </Menu>
      </Side>
      <Content id="content">{children}</Content>
    </Frame>
  )
}
