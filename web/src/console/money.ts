// Amounts of the console's reports: minor units (cents) of a currency,
// shown in the staff member's language with the currency's own decimals.
import type { Money } from './api'

/** formatMoney words amount (minor units) of currency as the locale writes it ("€19.95", "¥500"). */
export function formatMoney(amount: number, currency: string, locale: string): string {
  try {
    const f = new Intl.NumberFormat(locale, { style: 'currency', currency })
    const digits = f.resolvedOptions().maximumFractionDigits ?? 2
    return f.format(amount / 10 ** digits)
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency}`
  }
}

/** addMoney sums amounts per currency, in the currencies' alphabetical order. */
export function addMoney(amounts: readonly Money[]): Money[] {
  const by = new Map<string, number>()
  for (const m of amounts) by.set(m.currency, (by.get(m.currency) ?? 0) + m.amount)
  return [...by.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount }))
}
