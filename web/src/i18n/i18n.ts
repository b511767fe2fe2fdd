import i18n, { type Resource } from 'i18next'
import { initReactI18next } from 'react-i18next'
import en from './locales/en.json'
import { FALLBACK_LOCALE, SUPPORTED_LOCALES, isSupportedLocale } from '../rules/locale'

type Catalogue = Record<string, unknown>

// en is the fallback and always in the bundle; the others load on demand.
const loaders = import.meta.glob<Catalogue>(['./locales/*.json', '!./locales/en.json'], { import: 'default' })

export const catalogueLoaders = loaders

/** initI18n starts i18next with the fallback catalogue and the visitor's locale. */
export async function initI18n(locale: string): Promise<typeof i18n> {
  const lng = isSupportedLocale(locale) ? locale : FALLBACK_LOCALE
  const resources: Resource = { en: { translation: en } }
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
  const load = loaders[`./locales/${locale}.json`]
  if (!load) return
  i18n.addResourceBundle(locale, 'translation', await load(), true, true)
}

/** changeLocale switches the app's language and the page's lang attribute. */
export async function changeLocale(locale: string): Promise<void> {
  await loadLocale(locale)
  await i18n.changeLanguage(locale)
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}

export default i18n
