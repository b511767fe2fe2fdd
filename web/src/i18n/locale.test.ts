import { describe, expect, it } from 'vitest'
import { LOCALE_COOKIE, applyDomainLanguage, localeCookieFromDomain, localeCookieString, readCookie } from './locale'

describe('language cookie rule', () => {
  it('takes the first 2 letters of domain_language when they are a supported locale and no cookie is set', () => {
    expect(localeCookieFromDomain('nl_NL', null)).toBe('nl')
    expect(localeCookieFromDomain('de-DE', null)).toBe('de')
    expect(localeCookieFromDomain('NB_no', null)).toBe('nb')
    expect(localeCookieFromDomain('pt_BR', null)).toBeNull()
    expect(localeCookieFromDomain('', null)).toBeNull()
    expect(localeCookieFromDomain('nl_NL', 'en')).toBeNull()
  })

  it('keeps the cookie 365 days under the name the engine reads', () => {
    expect(LOCALE_COOKIE).toBe('locale')
    expect(localeCookieString('fr')).toContain('locale=fr')
    expect(localeCookieString('fr')).toContain(`Max-Age=${365 * 24 * 3600}`)
    expect(localeCookieString('fr')).toContain('Path=/')
  })

  it('sets the cookie in the document once', () => {
    document.cookie = `${LOCALE_COOKIE}=; Max-Age=0; Path=/`
    expect(applyDomainLanguage('de_DE')).toBe('de')
    expect(readCookie(document.cookie, LOCALE_COOKIE)).toBe('de')
    expect(applyDomainLanguage('nl_NL')).toBeNull()
    expect(readCookie(document.cookie, LOCALE_COOKIE)).toBe('de')
  })
})
