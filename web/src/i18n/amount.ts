// The settings' minimum message costs, in major units. A module of its
// own, not money.ts's: the first screen's code words prices through
// money.ts, and only the chat's and the pricing page's chunks need this.

/** formatAmount words an amount in major units (the settings' minimum message costs: 0.5 EUR is "€0.50"). */
export function formatAmount(amount: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount)
  } catch {
    return `${amount} ${currency}`
  }
}
