import { useTranslation } from 'react-i18next'
import { creditsItem, likesBadge, unreadBadge } from './badges'
import { navUnread, newLikes } from '../app/title'
import { useAppState } from '../state/context'
import type { User } from '../boot/types'
import { NavLinkItem } from './NavLinkItem'

/**
 * MemberNav is the navigation of a logged-in member. On phones search,
 * messages and likes live in the tab bar; credits stay here.
 */
export function MemberNav({ user }: { user: User }) {
  const { t } = useTranslation()
  const unread = useAppState(navUnread)
  const likes = useAppState((s) => newLikes(s.likes))
  const credits = creditsItem(user)
  return (
    <>
      <NavLinkItem to="/members" label={t('nav.search')} testId="nav-search" wideOnly />
      <NavLinkItem
        to="/chats"
        label={t('nav.messages')}
        badge={unreadBadge(unread)}
        badgeLabel={t('nav.unread', { count: unread })}
        testId="nav-messages"
        wideOnly
      />
      <NavLinkItem
        to="/likes"
        label={t('nav.likes')}
        badge={likesBadge(likes)}
        badgeLabel={t('nav.newLikes', { count: likes })}
        testId="nav-likes"
        wideOnly
      />
      {credits.kind === 'credits' ? (
        <NavLinkItem
          to="/credits"
          label={t('nav.credits')}
          badge={credits.badge?.text}
          badgeTone={credits.badge?.tone}
          badgeLabel={t('nav.creditsLeft', { count: user.credits })}
          testId="nav-credits"
        />
      ) : (
        <NavLinkItem to="/premium" label={t('nav.getPremium')} testId="nav-premium" />
      )}
    </>
  )
}
