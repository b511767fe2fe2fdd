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
export const areas = {
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

/** pageExport is the name a page's area exports it by: its key's, capitalised, and Page (likeProfile: LikeProfilePage). */
export const pageExport = (key: PageKey): string => `${key[0].toUpperCase()}${key.slice(1)}Page`

/** pages are the page components, each in its area's chunk (routeTable's pageAreas). */
export const pages = Object.fromEntries(
  (Object.keys(pageAreas) as PageKey[]).map((key) => [key, lazyPage(areas[pageAreas[key]] as () => Promise<Record<string, ComponentType<object>>>, pageExport(key))]),
) as Record<PageKey, LazyPage<object>>

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
