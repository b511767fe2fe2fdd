// Amounts of the console's reports: minor units (cents) of a currency,
// worded by the member app's formatPrice (i18n/money.ts).
import type { Money } from './api'

/** addMoney sums amounts per currency, in the currencies' alphabetical order. */
export function addMoney(amounts: readonly Money[]): Money[] {
  const by = new Map<string, number>()
  for (const m of amounts) by.set(m.currency, (by.get(m.currency) ?? 0) + m.amount)
  return [...by.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount }))
}
