import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { catalogues } from 'virtual:rdv-catalogues'
import { FALLBACK_LOCALE, SUPPORTED_LOCALES, isSupportedLocale } from './locale'

/** Catalogue is one catalogue file: a tree of keys with texts at the leaves. */
export type Catalogue = { [key: string]: string | Catalogue }

/** CataloguePart is a part of a language's catalogue (scripts/catalogues.ts). */
export type CataloguePart = 'first' | 'rest'

// A locale's catalogue is the shell's file (src/i18n/locales) merged with the
// files of the page areas (src/pages/<area>/locales), so each area keeps its
// texts beside its code. It loads in two parts (scripts/catalogues.ts): the
// first screen's (the shell and the home) before the first render, the other
// areas' with the first page that needs them and with a member's parts
// (needPageTexts, through app/withTexts.ts). Every language holds every key
// (catalogue.test.ts), so only the visitor's language is loaded, not en
// beside it.

/** mergeCatalogues deep-merges catalogue files; later files win on a clash. */
export function mergeCatalogues(parts: Catalogue[]): Catalogue {
  const out: Catalogue = {}
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      const have = out[key]
      out[key] = typeof value === 'object' && typeof have === 'object' ? mergeCatalogues([have, value]) : value
    }
  }
  return out
}

/** loaded holds the parts added to i18next, as "<locale>/<part>". */
const loaded = new Map<string, Promise<void>>()
/** pageTexts: once a page beyond the first screen asked for its texts, every language switch loads them too. */
let pageTexts = false
/** wanted is the language last asked for (it may still be loading). */
let wanted: string = FALLBACK_LOCALE

/** loadPart adds a part of a locale's catalogue to i18next once. */
export function loadPart(locale: string, part: CataloguePart): Promise<void> {
  const key = `${locale}/${part}`
  let done = loaded.get(key)
  if (!done) {
    const load = catalogues[locale]?.[part]
    done = load
      ? load().then((m) => {
          i18n.addResourceBundle(locale, 'translation', mergeCatalogues(m.default), true, true)
        })
      : Promise.resolve()
    // A failed load (a new release replaced the chunk) is tried again next time.
    done.catch(() => loaded.delete(key))
    loaded.set(key, done)
  }
  return done
}

/** needPageTexts loads the texts of the pages beyond the first screen, in the current language. */
export function needPageTexts(): Promise<void> {
  pageTexts = true
  return loadPart(wanted, 'rest')
}

/** initI18n starts i18next with the visitor's locale and its first screen's texts. */
export async function initI18n(locale: string): Promise<typeof i18n> {
  const lng = isSupportedLocale(locale) ? locale : FALLBACK_LOCALE
  wanted = lng
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng,
      fallbackLng: FALLBACK_LOCALE,
      supportedLngs: [...SUPPORTED_LOCALES],
      resources: {},
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    })
  }
  await changeLocale(lng)
  return i18n
}

/** loadLocale adds a locale's catalogue: the first screen's part, and the pages' once a page needed them. */
export async function loadLocale(locale: string): Promise<void> {
  await Promise.all([loadPart(locale, 'first'), ...(pageTexts ? [loadPart(locale, 'rest')] : [])])
}

/** changeLocale switches the app's language and the page's lang attribute. */
export async function changeLocale(locale: string): Promise<void> {
  wanted = locale
  await loadLocale(locale)
  await i18n.changeLanguage(locale)
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}

export default i18n
