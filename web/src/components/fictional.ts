// The brand's fictional-profile markers in the reader's language: the brand
// gives them per language (settings.fictional_texts); the single strings
// (fictional_warning, fictional_singular, fictional_plural) are its default
// language's, for a brand of one language or an older settings answer.
import { useTranslation } from 'react-i18next'
import type { Settings } from '../api/types'
import { useAppState } from '../state/context'

export interface FictionalTexts {
  warning: string
  singular: string
  plural: string
}

type FictionalSettings = Pick<Settings, 'fictional_warning' | 'fictional_singular' | 'fictional_plural' | 'fictional_texts'>

/** fictionalTexts is the brand's markers in language lang. */
export function fictionalTexts(settings: FictionalSettings, lang: string): FictionalTexts {
  const own = settings.fictional_texts?.[lang]
  if (own) return own
  return {
    warning: settings.fictional_warning ?? '',
    singular: settings.fictional_singular ?? '',
    plural: settings.fictional_plural ?? '',
  }
}

/** useFictionalTexts is the brand's markers in the language the page shows. */
export function useFictionalTexts(): FictionalTexts {
  const { i18n } = useTranslation()
  const settings = useAppState((s) => s.settings)
  return fictionalTexts(settings, i18n.language)
}
