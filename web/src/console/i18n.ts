// The console's texts: its own i18next instance and catalogues, apart from
// the member app's (members never load these files). Each staff member
// reads the console in the language kept on their account (English, Dutch
// or German); counts go through i18next's plural rules (key_one,
// key_other), never a number pasted before a plural noun.
import { createInstance, type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import de from './locales/de.json'
import en from './locales/en.json'
import nl from './locales/nl.json'
import type { Staff } from './api'

export const consoleCatalogue = en

/** ConsoleLanguage is a language the console speaks, as the staff account keeps it. */
export type ConsoleLanguage = Staff['language']

/** consoleCatalogues are the console's catalogues by language, English first. */
export const consoleCatalogues: Record<ConsoleLanguage, typeof en> = { en, nl, de }

/** consoleLanguages are the languages a staff member may choose, each named in itself. */
export const consoleLanguages: { code: ConsoleLanguage; name: string }[] = [
  { code: 'en', name: 'English' },
  { code: 'nl', name: 'Nederlands' },
  { code: 'de', name: 'Deutsch' },
]

export async function initConsoleI18n(lng: ConsoleLanguage = 'en'): Promise<i18n> {
  const instance = createInstance()
  await instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    supportedLngs: Object.keys(consoleCatalogues),
    resources: { en: { translation: en }, nl: { translation: nl }, de: { translation: de } },
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  })
  return instance
}
