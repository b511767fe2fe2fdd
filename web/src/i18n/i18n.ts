import i18n, { type Resource } from 'i18next'
import { initReactI18next } from 'react-i18next'
import en from './locales/en.json'
import { FALLBACK_LOCALE, SUPPORTED_LOCALES, isSupportedLocale } from '../rules/locale'

/** Catalogue is one catalogue file: a tree of keys with texts at the leaves. */
export type Catalogue = { [key: string]: string | Catalogue }

// A locale's catalogue is the shell's file (src/i18n/locales) merged with the
// files of the page areas (src/pages/<area>/locales), so each area keeps its
// texts beside its code. en is the fallback and always in the bundle; the
// others load on demand.
const areaEn = import.meta.glob<Catalogue>('../pages/*/locales/en.json', { import: 'default', eager: true })
const loaders = import.meta.glob<Catalogue>(
  ['./locales/*.json', '!./locales/en.json', '../pages/*/locales/*.json', '!../pages/*/locales/en.json'],
  { import: 'default' },
)

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

/** enCatalogue is the whole fallback catalogue. */
export const enCatalogue = mergeCatalogues([en as Catalogue, ...Object.values(areaEn)])

/** catalogueLoaders are the files of each locale but en, shell first. */
export function catalogueLoaders(locale: string): Array<() => Promise<Catalogue>> {
  return Object.entries(loaders)
    .filter(([path]) => path.endsWith(`/locales/${locale}.json`))
    .sort(([a], [b]) => Number(!a.startsWith('./')) - Number(!b.startsWith('./')))
    .map(([, load]) => load)
}

/** initI18n starts i18next with the fallback catalogue and the visitor's locale. */
export async function initI18n(locale: string): Promise<typeof i18n> {
  const lng = isSupportedLocale(locale) ? locale : FALLBACK_LOCALE
  const resources: Resource = { en: { translation: enCatalogue } }
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: FALLBACK_LOCALE,
      fallbackLng: FALLBACK_LOCALE,
      supportedLngs: [...SUPPORTED_LOCALES],
      resources,
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    })
  }
  await changeLocale(lng)
  return i18n
}

/** loadLocale adds a locale's catalogue once. */
export async function loadLocale(locale: string): Promise<void> {
  if (locale === FALLBACK_LOCALE || i18n.hasResourceBundle(locale, 'translation')) return
  const files = catalogueLoaders(locale)
  if (files.length === 0) return
  const parts = await Promise.all(files.map((load) => load()))
  i18n.addResourceBundle(locale, 'translation', mergeCatalogues(parts), true, true)
}

/** changeLocale switches the app's language and the page's lang attribute. */
export async function changeLocale(locale: string): Promise<void> {
  await loadLocale(locale)
  await i18n.changeLanguage(locale)
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}

export default i18n
