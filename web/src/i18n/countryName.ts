/** countryName is a country code in the page's language ("NL" is "Nederland" in nl), the code itself where the browser knows no name. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code
  } catch {
    return code
  }
}
