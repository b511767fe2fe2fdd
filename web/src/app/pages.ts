import { lazyPage, type LazyPage } from './lazyPage'
import { matchPath } from 'react-router'
import type { ComponentType } from 'react'
import { loadAccount } from './loginPanel'
import { withTexts } from './withTexts'
import { pageAreas, pageEndFirst, routeTable, type PageArea, type PageKey } from './routeTable'
import { preloadPageEnd } from '../layouts/parts/pageEndLater'
import type { Layout } from '../theme/layout'

// SignupModal takes withTexts from here (see there).
export { withTexts }

// One chunk per page area: each area's index exports its pages. The home
// says only what the first part of the catalogue holds; every other area
// loads the rest of the catalogue with its code (i18n/i18n.ts).
const areas = {
  home: () => import('../pages/home'),
  likes: withTexts(() => import('../pages/likes')),
  chats: withTexts(() => import('../pages/chats')),
  members: withTexts(() => import('../pages/members')),
  member: withTexts(() => import('../pages/member')),
  memberlanding: withTexts(() => import('../pages/memberlanding')),
  account: loadAccount,
  credits: withTexts(() => import('../pages/credits')),
  profile: withTexts(() => import('../pages/profile')),
  matches: withTexts(() => import('../pages/matches')),
  complaints: withTexts(() => import('../pages/complaints')),
  info: withTexts(() => import('../pages/info')),
} satisfies Record<PageArea, () => Promise<object>>

/** page is a page component of its area's chunk (routeTable's pageAreas). */
function page<K extends PageKey, N extends string>(key: K, name: N): LazyPage<object> {
  return lazyPage(areas[pageAreas[key]] as () => Promise<{ [k in N]: ComponentType<object> }>, name)
}

export const pages: Record<PageKey, LazyPage<object>> = {
  home: page('home', 'HomePage'),
  likes: page('likes', 'LikesPage'),
  likeProfile: page('likeProfile', 'LikeProfilePage'),
  matchesList: page('matchesList', 'MatchesListPage'),
  chats: page('chats', 'ChatsPage'),
  members: page('members', 'MembersPage'),
  member: page('member', 'MemberPage'),
  memberChat: page('memberChat', 'MemberChatPage'),
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

/**
 * preloadPageOf fetches the chunk of the page at pathname, and those its
 * first render needs beyond it (the brand's layout variants it draws, the
 * page's end below it), so the first paint shows the page itself rather
 * than the loader; unknown paths load nothing.
 */
export async function preloadPageOf(pathname: string, layout: Layout): Promise<void> {
  const def = routeTable.find((r) => matchPath(r.path, pathname))
  if (!def) return
  await Promise.all([pages[def.page].preload(), pageEndFirst(def) ? preloadPageEnd() : null])
  // An area whose first render needs chunks beyond its pages' (the home:
  // the brand's variant of it; the search: its open filters on a wide
  // screen) fetches them with its pages.
  const area = await areas[pageAreas[def.page]]().catch(() => null)
  if (area && 'preloadFirstRender' in area) await area.preloadFirstRender(layout)
}
