import { lazyPage, type LazyPage } from './lazyPage'
import { matchPath } from 'react-router'
import { routeTable, type PageKey } from './routeTable'

// One chunk per page area: each area's index exports its pages.
const home = () => import('../pages/home')
const likes = () => import('../pages/likes')
const chats = () => import('../pages/chats')
const members = () => import('../pages/members')
const member = () => import('../pages/member')
const landers = () => import('../pages/landers')
const account = () => import('../pages/account')
const credits = () => import('../pages/credits')
const profile = () => import('../pages/profile')
const matches = () => import('../pages/matches')
const complaints = () => import('../pages/complaints')
const info = () => import('../pages/info')

export const pages: Record<PageKey, LazyPage<object>> = {
  home: lazyPage(home, 'HomePage'),
  likes: lazyPage(likes, 'LikesPage'),
  likeProfile: lazyPage(likes, 'LikeProfilePage'),
  chats: lazyPage(chats, 'ChatsPage'),
  members: lazyPage(members, 'MembersPage'),
  member: lazyPage(member, 'MemberPage'),
  memberChat: lazyPage(chats, 'MemberChatPage'),
  lander: lazyPage(landers, 'LanderPage'),
  signup: lazyPage(account, 'SignupPage'),
  completeSignup: lazyPage(account, 'CompleteSignupPage'),
  login: lazyPage(account, 'LoginPage'),
  resetPassword: lazyPage(account, 'ResetPasswordPage'),
  resetPasswordDo: lazyPage(account, 'ResetPasswordDoPage'),
  activateDone: lazyPage(account, 'ActivateDonePage'),
  activateError: lazyPage(account, 'ActivateErrorPage'),
  mailChangeDo: lazyPage(account, 'MailChangeDoPage'),
  accountDeleted: lazyPage(account, 'AccountDeletedPage'),
  langConfig: lazyPage(account, 'LangConfigPage'),
  credits: lazyPage(credits, 'CreditsPage'),
  paymentMethod: lazyPage(credits, 'PaymentMethodPage'),
  repeatOrder: lazyPage(credits, 'RepeatOrderPage'),
  directDebit: lazyPage(credits, 'DirectDebitPage'),
  transactions: lazyPage(credits, 'TransactionsPage'),
  premium: lazyPage(credits, 'PremiumPage'),
  pricing: lazyPage(credits, 'PricingPage'),
  profile: lazyPage(profile, 'ProfilePage'),
  notifications: lazyPage(account, 'NotificationsPage'),
  matchFinder: lazyPage(matches, 'MatchFinderPage'),
  signupMatches: lazyPage(matches, 'SignupMatchesPage'),
  swipeGame: lazyPage(matches, 'SwipeGamePage'),
  complaints: lazyPage(complaints, 'ComplaintsPage'),
  info: lazyPage(info, 'InfoPage'),
}

export const LoginPanel = lazyPage(account, 'LoginPanel')

/**
 * preloadPageOf fetches the chunk of the page at pathname, so the first
 * paint shows the page itself rather than the loader; unknown paths load
 * nothing.
 */
export function preloadPageOf(pathname: string): Promise<void> {
  const def = routeTable.find((r) => matchPath(r.path, pathname))
  return def ? pages[def.page].preload() : Promise.resolve()
}
