import type { User } from '../boot/types'
import { lazyPage } from './lazyPage'
import { withTexts } from './withTexts'

// What only a logged-in member's pages show or run (the member's navigation,
// account menu and tab bar, the live events and the polling), in one chunk
// of its own (memberParts.tsx): a visitor's first screen does without it.
// main.tsx has it loaded before a member's first render, so the header and
// the tab bar do not arrive after the page. It comes with the pages' part of
// the catalogue (i18n/i18n.ts), which holds the texts of the member's
// banners, pop-ups and modals.
const parts = withTexts(() => import('./memberParts'))

export const MemberNav = lazyPage<{ user: User }, 'MemberNav'>(parts, 'MemberNav')
export const AccountMenu = lazyPage<{ user: User }, 'AccountMenu'>(parts, 'AccountMenu')
export const TabBar = lazyPage<object, 'TabBar'>(parts, 'TabBar')
export const MemberSession = lazyPage<object, 'MemberSession'>(parts, 'MemberSession')

/** preloadMemberParts fetches the chunk before a member's first render. */
export function preloadMemberParts(): Promise<unknown> {
  return Promise.all([MemberNav, AccountMenu, TabBar, MemberSession].map((p) => p.preload()))
}
