// Amounts of money as the reader's language writes them, with the
// currency's own decimals; the member app and the console both word
// prices and orders through this (and minimum costs through amount.ts).

/**
 * formatPrice words an amount in minor units (cents) of currency for
 * locale: 1995 EUR is "€ 19,95" in nl and "19,95 €" in de. The currency's
 * own number of decimals decides the unit (a yen has none).
 */
export function formatPrice(amount: number, currency: string, locale: string): string {
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency })
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2
    return format.format(amount / 10 ** digits)
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency}`
  }
}
