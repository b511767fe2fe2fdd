import { lazyPage, type LazyPage } from './lazyPage'
import { matchPath } from 'react-router'
import type { ComponentType } from 'react'
import { pageAreas, routeTable, type PageArea, type PageKey } from './routeTable'

// One chunk per page area: each area's index exports its pages.
const areas = {
  home: () => import('../pages/home'),
  likes: () => import('../pages/likes'),
  chats: () => import('../pages/chats'),
  members: () => import('../pages/members'),
  member: () => import('../pages/member'),
  landers: () => import('../pages/landers'),
  memberlanding: () => import('../pages/memberlanding'),
  account: () => import('../pages/account'),
  credits: () => import('../pages/credits'),
  profile: () => import('../pages/profile'),
  matches: () => import('../pages/matches'),
  complaints: () => import('../pages/complaints'),
  info: () => import('../pages/info'),
} satisfies Record<PageArea, () => Promise<object>>

/** page is a page component of its area's chunk (routeTable's pageAreas). */
function page<K extends PageKey, N extends string>(key: K, name: N): LazyPage<object> {
  return lazyPage(areas[pageAreas[key]] as () => Promise<{ [k in N]: ComponentType<object> }>, name)
}

export const pages: Record<PageKey, LazyPage<object>> = {
  home: page('home', 'HomePage'),
  likes: page('likes', 'LikesPage'),
  likeProfile: page('likeProfile', 'LikeProfilePage'),
  chats: page('chats', 'ChatsPage'),
  members: page('members', 'MembersPage'),
  member: page('member', 'MemberPage'),
  memberChat: page('memberChat', 'MemberChatPage'),
  lander: page('lander', 'LanderPage'),
  memberLanding: page('memberLanding', 'MemberLandingPage'),
  signup: page('signup', 'SignupPage'),
  completeSignup: page('completeSignup', 'CompleteSignupPage'),
  login: page('login', 'LoginPage'),
  resetPassword: page('resetPassword', 'ResetPasswordPage'),
  resetPasswordDo: page('resetPasswordDo', 'ResetPasswordDoPage'),
  activateDone: page('activateDone', 'ActivateDonePage'),
  activateError: page('activateError', 'ActivateErrorPage'),
  mailChangeDo: page('mailChangeDo', 'MailChangeDoPage'),
  accountDeleted: page('accountDeleted', 'AccountDeletedPage'),
  langConfig: page('langConfig', 'LangConfigPage'),
  credits: page('credits', 'CreditsPage'),
  paymentMethod: page('paymentMethod', 'PaymentMethodPage'),
  repeatOrder: page('repeatOrder', 'RepeatOrderPage'),
  directDebit: page('directDebit', 'DirectDebitPage'),
  transactions: page('transactions', 'TransactionsPage'),
  premium: page('premium', 'PremiumPage'),
  pricing: page('pricing', 'PricingPage'),
  profile: page('profile', 'ProfilePage'),
  notifications: page('notifications', 'NotificationsPage'),
  matchFinder: page('matchFinder', 'MatchFinderPage'),
  signupMatches: page('signupMatches', 'SignupMatchesPage'),
  swipeGame: page('swipeGame', 'SwipeGamePage'),
  complaints: page('complaints', 'ComplaintsPage'),
  info: page('info', 'InfoPage'),
}

export const LoginPanel = lazyPage(areas.account, 'LoginPanel')

/**
 * preloadPageOf fetches the chunk of the page at pathname, so the first
 * paint shows the page itself rather than the loader; unknown paths load
 * nothing.
 */
export function preloadPageOf(pathname: string): Promise<void> {
  const def = routeTable.find((r) => matchPath(r.path, pathname))
  return def ? pages[def.page].preload() : Promise.resolve()
}
