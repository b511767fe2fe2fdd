// The member app's routes, with their route names, layouts and page
// components. engine/webapp/routes.go lists the same paths;
// routeTable.test.ts keeps the two in step.

export type LayoutName = 'default' | 'chat' | 'lander' | 'empty'

export type PageKey =
  | 'home'
  | 'likes'
  | 'likeProfile'
  | 'matchesList'
  | 'chats'
  | 'members'
  | 'member'
  | 'memberChat'
  | 'memberLanding'
  | 'signup'
  | 'completeSignup'
  | 'login'
  | 'resetPassword'
  | 'resetPasswordDo'
  | 'activateDone'
  | 'activateError'
  | 'mailChangeDo'
  | 'accountDeleted'
  | 'langConfig'
  | 'credits'
  | 'paymentMethod'
  | 'repeatOrder'
  | 'directDebit'
  | 'transactions'
  | 'premium'
  | 'pricing'
  | 'profile'
  | 'notifications'
  | 'matchFinder'
  | 'signupMatches'
  | 'swipeGame'
  | 'complaints'
  | 'info'

/** PageArea is a folder of src/pages: one chunk with its pages (app/pages.ts). */
export type PageArea = 'home' | 'likes' | 'chats' | 'members' | 'member' | 'memberlanding' | 'account' | 'credits' | 'profile' | 'matches' | 'complaints' | 'info'

/**
 * pageAreas tells which area's chunk holds each page. The build lists each
 * route's chunks by it (vite.config.ts, dist/preload.json), so the engine
 * has the browser fetch a page's chunk with index.html.
 */
export const pageAreas: Record<PageKey, PageArea> = {
  home: 'home',
  likes: 'likes',
  likeProfile: 'likes',
  matchesList: 'likes',
  chats: 'chats',
  members: 'members',
  member: 'member',
  memberChat: 'chats',
  memberLanding: 'memberlanding',
  signup: 'account',
  completeSignup: 'account',
  login: 'account',
  resetPassword: 'account',
  resetPasswordDo: 'account',
  activateDone: 'account',
  activateError: 'account',
  mailChangeDo: 'account',
  accountDeleted: 'account',
  langConfig: 'account',
  credits: 'credits',
  paymentMethod: 'credits',
  repeatOrder: 'credits',
  directDebit: 'credits',
  transactions: 'credits',
  premium: 'credits',
  pricing: 'credits',
  profile: 'profile',
  notifications: 'account',
  matchFinder: 'matches',
  signupMatches: 'matches',
  swipeGame: 'matches',
  complaints: 'complaints',
  info: 'info',
}

export interface RouteDef {
  name: string
  path: string
  layout: LayoutName
  page: PageKey
  /** auth: the page is for logged-in members; others see the login form. */
  auth?: boolean
}

export const INFO_PAGES = ['ban', 'cookies', 'faq', 'privacy', 'return-policy', 'service', 'terms'] as const
export type InfoPage = (typeof INFO_PAGES)[number]

export const routeTable: RouteDef[] = [
  { name: 'index', path: '/', layout: 'default', page: 'home' },
  { name: 'likes', path: '/likes', layout: 'default', page: 'likes', auth: true },
  { name: 'likes-type', path: '/likes/:type', layout: 'default', page: 'likes', auth: true },
  { name: 'likes-m-id', path: '/likes/m/:id', layout: 'default', page: 'likeProfile', auth: true },
  { name: 'chats', path: '/chats', layout: 'chat', page: 'chats', auth: true },
  { name: 'chats-id', path: '/chats/:id', layout: 'chat', page: 'chats', auth: true },
  { name: 'members', path: '/members', layout: 'default', page: 'members' },
  { name: 'members-id', path: '/members/:id', layout: 'default', page: 'member' },
  { name: 'members-id-chat', path: '/members/:id/chat', layout: 'chat', page: 'memberChat', auth: true },
  { name: 'members-id-landing', path: '/members/:id/landing', layout: 'lander', page: 'memberLanding' },
  { name: 'members-id-signup', path: '/members/:id/signup', layout: 'empty', page: 'signup' },
  { name: 'members-id-landing2-slug', path: '/members/:id/landing2/:slug?', layout: 'lander', page: 'memberLanding' },
  { name: 'members-id-landing3-slug', path: '/members/:id/landing3/:slug?', layout: 'lander', page: 'memberLanding' },
  { name: 'account-deleted', path: '/account-deleted', layout: 'default', page: 'accountDeleted' },
  { name: 'complaints', path: '/complaints', layout: 'default', page: 'complaints' },
  { name: 'complete-signup', path: '/complete-signup', layout: 'empty', page: 'completeSignup' },
  { name: 'credits', path: '/credits', layout: 'default', page: 'credits', auth: true },
  { name: 'credits-id-paymentmethod', path: '/credits/:id/:paymentmethod?', layout: 'default', page: 'paymentMethod', auth: true },
  { name: 'credits-repeat-order', path: '/credits/repeat-order', layout: 'default', page: 'repeatOrder', auth: true },
  { name: 'directdebit', path: '/directdebit', layout: 'default', page: 'directDebit', auth: true },
  { name: 'lang-config', path: '/lang-config', layout: 'default', page: 'langConfig' },
  { name: 'login', path: '/login', layout: 'default', page: 'login' },
  { name: 'match-finder', path: '/match-finder', layout: 'default', page: 'matchFinder', auth: true },
  { name: 'matches', path: '/matches', layout: 'default', page: 'matchesList', auth: true },
  { name: 'notifications', path: '/notifications', layout: 'default', page: 'notifications', auth: true },
  { name: 'premium', path: '/premium', layout: 'default', page: 'premium' },
  { name: 'pricing', path: '/pricing', layout: 'default', page: 'pricing' },
  { name: 'profile', path: '/profile', layout: 'default', page: 'profile', auth: true },
  { name: 'reset-password', path: '/reset-password', layout: 'default', page: 'resetPassword' },
  { name: 'reset-password-do', path: '/reset-password/do', layout: 'default', page: 'resetPasswordDo' },
  { name: 'signup', path: '/signup', layout: 'empty', page: 'signup' },
  { name: 'signup-matches', path: '/signup-matches', layout: 'default', page: 'signupMatches', auth: true },
  { name: 'swipe-game', path: '/swipe-game', layout: 'default', page: 'swipeGame', auth: true },
  { name: 'activate-done', path: '/activate/done', layout: 'default', page: 'activateDone' },
  { name: 'activate-error', path: '/activate/error', layout: 'default', page: 'activateError' },
  { name: 'mail-change-do', path: '/mail-change/do', layout: 'default', page: 'mailChangeDo' },
  { name: 'transactions-id', path: '/transactions/:id?', layout: 'default', page: 'transactions', auth: true },
  ...INFO_PAGES.map((p): RouteDef => ({ name: `pages-${p}`, path: `/pages/${p}`, layout: 'default', page: 'info' })),
  // {token}: the same info pages at the root.
  ...INFO_PAGES.map((p): RouteDef => ({ name: `token-${p}`, path: `/${p}`, layout: 'default', page: 'info' })),
]

/**
 * pageEndFirst tells whether a route's first render draws the page's end
 * (the disclaimer and the footer, a chunk of their own:
 * layouts/parts/pageEndLater.ts): its layout draws them and it is not the home,
 * whose first screen is taller than a screen and has them once it is in.
 */
export const pageEndFirst = (r: RouteDef): boolean => r.page !== 'home' && (r.layout === 'default' || r.layout === 'lander')
