// Adult-content warnings (the entry warning's rule is beside it, EntryWarning.tsx).

/** Layouts that carry the entry warning. */
export const ENTRY_WARNING_LAYOUTS = ['default', 'chat', 'lander', 'empty'] as const

/**
 * showUsFooter: the US-specific footer shows only in English, on sites that
 * serve the US or to visitors from the US.
 */
export function showUsFooter(locale: string, siteCountries: readonly string[], visitorCountry: string): boolean {
  if (locale !== 'en') return false
  return siteCountries.includes('US') || visitorCountry.toUpperCase() === 'US'
}

export interface SiteEntryInput {
  loggedIn: boolean
  installedApp: boolean
  dismissed: boolean
  /** settings.enable_site_entry_popup */
  setting: string | null | undefined
  /** the visitor's country */
  country: string
  /** settings.countries */
  countries: readonly string[]
}

/**
 * showSiteEntryModal: for logged-out visitors unless they are in installed-app
 * mode, dismissed it before, the setting is 'no', or their country is not
 * among the site's countries.
 */
export function showSiteEntryModal(i: SiteEntryInput): boolean {
  if (i.loggedIn || i.installedApp || i.dismissed) return false
  if (i.setting === 'no') return false
  const c = i.country.toUpperCase()
  return c !== '' && i.countries.some((x) => x.toUpperCase() === c)
}

export const SITE_ENTRY_KEY = 'rdv_site_entry_dismissed'

/**
 * SITE_ENTRY_COOKIE carries the answer to the server-rendered landers, which
 * ask the same question and set it when answered there.
 */
export const SITE_ENTRY_COOKIE = 'rdv_site_entry'

const cookieJar = {
  get: (): string => (typeof document === 'undefined' ? '' : document.cookie),
  set: (c: string): void => {
    if (typeof document !== 'undefined') document.cookie = c
  },
}

export function siteEntryDismissed(storage: Pick<Storage, 'getItem'> | null, cookies = cookieJar.get()): boolean {
  if (cookies.split(';').some((c) => c.trim().startsWith(`${SITE_ENTRY_COOKIE}=`))) return true
  try {
    return !!storage?.getItem(SITE_ENTRY_KEY)
  } catch {
    return false
  }
}

export function dismissSiteEntry(
  storage: Pick<Storage, 'setItem'> | null,
  now = Date.now(),
  setCookie: (c: string) => void = cookieJar.set,
): void {
  setCookie(`${SITE_ENTRY_COOKIE}=1; path=/; max-age=31536000; samesite=lax`)
  try {
    storage?.setItem(SITE_ENTRY_KEY, String(now))
  } catch {
    // private mode: the cookie still remembers the answer
  }
}
