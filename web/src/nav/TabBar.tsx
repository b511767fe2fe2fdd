import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import styled, { useTheme } from 'styled-components'
import { Badge } from '../components/Badge'
import { likesBadge, unreadBadge } from './badges'
import { navUnread, newLikes } from '../app/title'
import { useAppState } from '../state/context'
import { color, media, space, zIndex } from '../theme/theme'
import { TabIcon, type TabIconName } from './TabIcons'

/**
 * Bar sticks to the bottom of the screen on phones (below md) and is not
 * there on wider screens, where the header's navigation does its work.
 */
const Bar = styled.nav`
  position: sticky;
  bottom: 0;
  z-index: ${zIndex.header};
  flex: none;
  background: ${color.surface};
  border-top: 1px solid ${color.border};
  box-shadow: 0 -2px 8px rgba(0, 0, 0, 0.08);
  padding-bottom: env(safe-area-inset-bottom, 0);
  ${media('md')} {
    display: none;
  }
  /* The bar's variant (the theme's layout.nav) is an attribute, so the CSS
     stays static: labelled (icons over labels), floating (a pill above the
     page's edge, the active tab filled), icons (labels for screen readers
     only, the active tab underlined). */
  &[data-nav='floating'] {
    bottom: ${space(2)};
    margin: 0 ${space(2)} calc(${space(2)} + env(safe-area-inset-bottom, 0px));
    padding: 2px;
    border: 1px solid ${color.border};
    border-radius: 999px;
    box-shadow: 0 6px 20px rgba(0, 0, 0, 0.18);
  }
  &[data-nav='icons'] {
    border-top: 0;
  }
`

const List = styled.ul`
  display: flex;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    flex: 1 1 0;
    min-width: 0;
  }
`

const Tab = styled(NavLink)`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 2px;
  min-height: 56px;
  padding: ${space(1)} 0;
  color: ${color.textMuted};
  /* A phone's tab labels are small (10 pt on iOS): the longest of the
     languages' words (Meddelanden, Nachrichten, Wiadomości) fit a fifth of
     a 360 px screen whole. */
  font-size: 0.625rem;
  font-weight: 600;
  letter-spacing: -0.01em;
  line-height: 1.2;
  text-decoration: none;
  &.active {
    color: ${color.primary};
  }
  &:focus-visible {
    outline: 2px solid ${color.secondary};
    outline-offset: -3px;
  }
  /* The pill's tabs are narrower: its labels a little smaller, so the
     longest (Meddelanden) stays whole in a fifth of a 390 px screen. */
  [data-nav='floating'] & {
    min-height: 48px;
    border-radius: 999px;
    font-size: 0.6rem;
    letter-spacing: -0.02em;
  }
  [data-nav='floating'] &.active {
    color: ${color.onPrimary};
    background: ${color.primary};
  }
  [data-nav='icons'] & {
    min-height: 52px;
    border-top: 3px solid transparent;
  }
  [data-nav='icons'] &.active {
    border-top-color: ${color.primary};
  }
`

const Icon = styled.span`
  position: relative;
  display: inline-flex;
  ${Badge} {
    position: absolute;
    top: -6px;
    left: 14px;
  }
`

const Label = styled.span`
  max-width: 100%;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  /* Icons only: the label names the tab for screen readers. */
  [data-nav='icons'] & {
    position: absolute;
    width: 1px;
    height: 1px;
    clip-path: inset(50%);
  }
`

interface TabDef {
  to: string
  icon: TabIconName
  label: string
  badge?: string | null
  badgeLabel?: string
}

/**
 * TabBar is the phone's app navigation for members: search, swipe, likes,
 * messages and profile, with the unread and new-like badges (the boot state's
 * counts on the first paint, kept fresh by the state layer). The badge is read
 * by screen readers as words ("3 unread messages"), not as a bare number.
 */
export function TabBar() {
  const { t } = useTranslation()
  const loggedIn = useAppState((s) => !!s.user)
  const unread = useAppState(navUnread)
  const likes = useAppState((s) => newLikes(s.likes))
  const variant = useTheme().layout.nav
  if (!loggedIn) return null
  const tabs: TabDef[] = [
    { to: '/members', icon: 'search', label: t('nav.tabs.search') },
    { to: '/swipe-game', icon: 'swipe', label: t('nav.tabs.swipe') },
    { to: '/likes', icon: 'likes', label: t('nav.tabs.likes'), badge: likesBadge(likes), badgeLabel: t('nav.newLikes', { count: likes }) },
    { to: '/chats', icon: 'messages', label: t('nav.tabs.messages'), badge: unreadBadge(unread), badgeLabel: t('nav.unread', { count: unread }) },
    { to: '/profile', icon: 'profile', label: t('nav.tabs.profile') },
  ]
  return (
    <Bar aria-label={t('nav.tabs.label')} data-testid="tab-bar" data-nav={variant}>
      <List>
        {tabs.map((tab) => (
          <li key={tab.to}>
            <Tab to={tab.to} data-testid={`tab-${tab.icon}`}>
              <Icon>
                <TabIcon name={tab.icon} />
                {tab.badge && (
                  <Badge $tone="primary" aria-hidden="true" data-testid={`tab-${tab.icon}-badge`}>
                    {tab.badge}
                  </Badge>
                )}
              </Icon>
              <Label data-tab-label>{tab.label}</Label>
              {tab.badge && tab.badgeLabel && <span className="visually-hidden">{tab.badgeLabel}</span>}
            </Tab>
          </li>
        ))}
      </List>
    </Bar>
  )
}
