// Locales and the language cookie.

export const SUPPORTED_LOCALES = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'] as const
export type Locale = (typeof SUPPORTED_LOCALES)[number]
export const FALLBACK_LOCALE: Locale = 'en'

/** The engine reads this cookie (engine/tenancy LocaleCookie). */
export const LOCALE_COOKIE = 'locale'
export const LOCALE_COOKIE_DAYS = 365

export const isSupportedLocale = (l: string | null | undefined): l is Locale =>
  !!l && (SUPPORTED_LOCALES as readonly string[]).includes(l)

export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [k, ...v] = part.trim().split('=')
    if (k === name) return decodeURIComponent(v.join('='))
  }
  return null
}

/**
 * localeCookieFromDomain: the locale to store when no locale cookie is set,
 * from the first 2 letters of domain_language when they name a supported
 * locale; null otherwise.
 */
export function localeCookieFromDomain(domainLanguage: string | null | undefined, currentCookie: string | null): Locale | null {
  if (currentCookie) return null
  const two = (domainLanguage ?? '').slice(0, 2).toLowerCase()
  return isSupportedLocale(two) ? two : null
}

export function localeCookieString(locale: string, secure = false): string {
  const maxAge = LOCALE_COOKIE_DAYS * 24 * 60 * 60
  return `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** writeLocaleCookie stores the locale for 365 days. */
export function writeLocaleCookie(locale: string, doc: Document = document): void {
  doc.cookie = localeCookieString(locale, doc.location?.protocol === 'https:')
}

/** applyDomainLanguage sets the locale cookie from domain_language when none is set. */
export function applyDomainLanguage(domainLanguage: string, doc: Document = document): Locale | null {
  const l = localeCookieFromDomain(domainLanguage, readCookie(doc.cookie, LOCALE_COOKIE))
  if (l) writeLocaleCookie(l, doc)
  return l
}
