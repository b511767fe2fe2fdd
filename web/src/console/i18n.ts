// The console's texts: its own i18next instance and catalogue, apart from
// the member app's (members never load this file). English only for now;
// another language is a locales/<code>.json next to en.json.
import { createInstance, type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import en from './locales/en.json'

export const consoleCatalogue = en

export async function initConsoleI18n(): Promise<i18n> {
  const instance = createInstance()
  await instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  })
  return instance
}
