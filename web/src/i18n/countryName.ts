import { useCallback } from 'react'
import { useAppState } from '../state/context'

/**
 * regionNames holds one Intl.DisplayNames per language: making one costs
 * the browser a few milliseconds (ICU's data), and the search form names
 * every country of its list (one task of 100 ms on a phone when each name
 * made its own).
 */
const regionNames = new Map<string, Intl.DisplayNames | null>()

/**
 * countryName is a country code in the page's language ("NL" is "Nederland"
 * in nl), the code itself where the browser knows no name. siteNames are
 * the names the settings carry for the site's own countries in this
 * language (country_names): the lists of those make no Intl.DisplayNames,
 * whose first use costs a phone about 50 ms of one task.
 */
export function countryName(code: string, locale: string, siteNames?: Record<string, string>): string {
  const named = siteNames?.[code]
  if (named) return named
  let names = regionNames.get(locale)
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([locale], { type: 'region' })
    } catch {
      names = null
    }
    regionNames.set(locale, names)
  }
  try {
    return names?.of(code) ?? code
  } catch {
    return code
  }
}

/**
 * useCountryName is countryName in the app's language, with the names the
 * settings carry for the site's own countries (country_names).
 */
export function useCountryName(): (code: string) => string {
  const locale = useAppState((s) => s.locale)
  const siteNames = useAppState((s) => s.settings.country_names?.[s.locale])
  return useCallback((code: string) => countryName(code, locale, siteNames), [locale, siteNames])
}
