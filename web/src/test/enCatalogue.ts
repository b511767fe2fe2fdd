import { mergeCatalogues, type Catalogue } from '../i18n/i18n'

// enCatalogue is the whole en catalogue (the shell's file and every page
// area's), for tests that check texts; the app loads it in parts.
const files = import.meta.glob<Catalogue>(['../i18n/locales/en.json', '../pages/*/locales/en.json'], { import: 'default', eager: true })

/** enCatalogue is the whole en catalogue, the shell's file first. */
export const enCatalogue = mergeCatalogues(
  Object.entries(files)
    .sort(([a], [b]) => Number(!a.startsWith('../i18n/')) - Number(!b.startsWith('../i18n/')))
    .map(([, c]) => c),
)
