/**
 * regionNames holds one Intl.DisplayNames per language: making one costs
 * the browser a few milliseconds (ICU's data), and the search form names
 * every country of its list (issue 13: one task of 100 ms on a phone when
 * each name made its own).
 */
const regionNames = new Map<string, Intl.DisplayNames | null>()

/** countryName is a country code in the page's language ("NL" is "Nederland" in nl), the code itself where the browser knows no name. */
export function countryName(code: string, locale: string): string {
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
