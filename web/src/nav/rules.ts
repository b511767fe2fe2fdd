// Navigation rules: what the header shows (a member's badges are
// badges.ts's, with the member's navigation).

/** Route names on which the installed app shows a back button. */
export const BACK_BUTTON_ROUTES = new Set([
  'members-id',
  'likes',
  'likes-type',
  'likes-m-id',
  'credits',
  'credits-id-paymentmethod',
])

/**
 * showBackButton: only in installed-app display mode, with a browser history
 * longer than 1, on member, likes, credits and payment-method pages.
 */
export function showBackButton(routeName: string | undefined, installedApp: boolean, historyLength: number): boolean {
  return installedApp && historyLength > 1 && !!routeName && BACK_BUTTON_ROUTES.has(routeName)
}

/** showLanguageDropdown: only when more than one locale is visible. */
export function showLanguageDropdown(visibleLocales: readonly string[]): boolean {
  return new Set(visibleLocales).size > 1
}
