// Discount codes on the credits pages (discountcode.php): the active code is
// the one the member entered or the page's ?discount_code= gave (kept for
// this tab), else the member's personal welcome code, whose failure to load
// is ignored silently. The server applies the code to the order and enforces
// every condition; the pages only show the price it will charge and the
// code's conditions.
import { ApiError } from '../../api/http'
import type { Text } from '../../i18n/errorText'
import type { CreditPackage, DiscountCode } from './api'

/** The key of sessionStorage that keeps the code the member entered or was given. */
export const DISCOUNT_KEY = 'rdv-discount-code'

/**
 * discounted is a price less a percentage, rounded half up to the minor
 * unit and never below one, as the server charges it (1995 less 10% is
 * 1796).
 */
export function discounted(amount: number, percentage: number): number {
  return Math.max(Math.floor((amount * (100 - percentage) + 50) / 100), 1)
}

/** Why a code does not apply to an order, as a catalogue key of discount.notApplicable. */
export type NotApplicable = 'expired' | 'currency' | 'minimum' | 'country' | 'method'

/**
 * whyNot tells why code does not apply to a package paid in country with
 * method (null when it applies); country and method are checked only when
 * known.
 */
export function whyNot(code: DiscountCode, pkg: Pick<CreditPackage, 'amount' | 'currency'>, country?: string | null, method?: string | null): NotApplicable | null {
  if (code.expired) return 'expired'
  if (code.currency && code.currency !== pkg.currency) return 'currency'
  if (code.minimum_order_value !== null && pkg.amount < code.minimum_order_value) return 'minimum'
  if (country && code.country && code.country !== country) return 'country'
  if (method && code.paymentmethods.length > 0 && !code.paymentmethods.includes(method as never)) return 'method'
  return null
}

/** normalizeCode is a typed code as the server stores it: trimmed, upper case. */
export const normalizeCode = (code: string): string => code.trim().toUpperCase()

/** refusalKey is the catalogue key of a refused code ('Code not found', 'Code already used' and the order's conditions). */
export function refusalKey(err: unknown): string | null {
  return err instanceof ApiError ? refusalCodeKey(err.code) : null
}

/** refusalText is the text of a discount code's refusal, or null for any other code. */
export function refusalText(code: string): Text | null {
  const key = refusalCodeKey(code)
  return key ? [key] : null
}

/** refusalCodeKey is the catalogue key of a refusal code, or null for any other code. */
function refusalCodeKey(code: string): string | null {
  switch (code) {
    case 'code_not_found':
      return 'discount.errors.notFound'
    case 'code_used':
      return 'discount.errors.used'
    case 'code_expired':
      return 'discount.notApplicable.expired'
    case 'code_minimum_order_value':
      return 'discount.notApplicable.minimum'
    case 'code_currency_invalid':
      return 'discount.notApplicable.currency'
    case 'code_country_invalid':
      return 'discount.notApplicable.country'
    case 'code_paymentmethod_invalid':
      return 'discount.notApplicable.method'
    default:
      return null
  }
}

export function storedCode(): string | null {
  try {
    return sessionStorage.getItem(DISCOUNT_KEY)
  } catch {
    return null
  }
}

export function storeCode(code: string | null): void {
  try {
    if (code) sessionStorage.setItem(DISCOUNT_KEY, code)
    else sessionStorage.removeItem(DISCOUNT_KEY)
  } catch {
    // Storage off: the code lasts as long as the page.
  }
}
