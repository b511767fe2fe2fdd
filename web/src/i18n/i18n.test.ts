import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { catalogueLocales, partFiles } from '../../scripts/catalogues'
import { SUPPORTED_LOCALES } from './locale'
import i18n, { changeLocale, initI18n, needPageTexts } from './i18n'

const src = join(__dirname, '..')

// The home's first screen loads one language's first part of the catalogue
// (the member home's initial JavaScript); the other pages' texts come with
// the first page that needs them, and a language switch brings what the app
// has loaded so far in the new language.
describe('catalogue parts', () => {
  it('split every catalogue file of every language into the first screen part and the rest, once', () => {
    expect(catalogueLocales(src)).toEqual([...SUPPORTED_LOCALES].sort())
    for (const l of SUPPORTED_LOCALES) {
      const all = [join(src, 'i18n/locales', `${l}.json`), ...readdirSync(join(src, 'pages')).map((a) => join(src, 'pages', a, 'locales', `${l}.json`))]
      const first = partFiles(src, l, 'first')
      const rest = partFiles(src, l, 'rest')
      expect(first[0], l).toBe(join(src, 'i18n/locales', `${l}.json`))
      expect(first.map((f) => f.split('/').slice(-3, -2)[0]).sort(), l).toEqual(['home', 'i18n'])
      expect([...first, ...rest].sort(), l).toEqual(all.filter((f) => first.includes(f) || rest.includes(f)).sort())
      expect(new Set([...first, ...rest]).size, l).toBe(first.length + rest.length)
      expect(rest.length, l).toBeGreaterThan(5)
    }
  })

  it('loads only the visitor language first part for the first screen, the rest with a page, and both on a switch', async () => {
    await initI18n('nl')
    expect(i18n.language).toBe('nl')
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false)
    expect(i18n.exists('nav.search')).toBe(true)
    expect(i18n.exists('homePage.teasersTitle')).toBe(true)
    expect(i18n.exists('matchMoment.title')).toBe(false)
    expect(i18n.exists('alerts.dismiss')).toBe(false)
    expect(i18n.exists('profile.title')).toBe(false)

    await needPageTexts()
    expect(i18n.exists('profile.title')).toBe(true)
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false)

    await changeLocale('de')
    expect(document.documentElement.lang).toBe('de')
    expect(i18n.t('profile.title')).not.toBe('profile.title')
    expect(i18n.getResource('de', 'translation', 'profile.title')).toBeTypeOf('string')
    expect(i18n.getResource('de', 'translation', 'homePage.teasersTitle')).toBeTypeOf('string')
    expect(Object.keys(i18n.store.data).sort()).toEqual(['de', 'nl'])
  })
})
