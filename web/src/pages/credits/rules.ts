// The rules of the billing pages: prices in the member's locale, the payment
// methods a country offers, the payment's polling schedule and what a
// finished payment means for the member.
import type { PaymentMethodName } from '../../api/types'
import { LOW_CREDITS } from '../../nav/badges'
import type { CreditPackage, Order, OrderStatus, Packages } from './api'

/** The 24 payment methods the engine sells with, in their fixed order: the API's PaymentMethod enum (held to the engine's billing.Methods). */
export const PAYMENT_METHODS = [
  'sdd', 'prezelewy24', 'blik', 'sct', 'giropay', 'mastercard', 'visa', 'creditcard', 'dankort', 'mobilepay', 'swish',
  'twint', 'satispay', 'vipps', 'cartebancaire', 'nexi', 'ideal', 'bancontact', 'applepay', 'paysafecard', 'maestro',
  'paypal', 'sofort', 'eps',
] as const satisfies readonly PaymentMethodName[]

export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

// The list names every method of the API: a method added to the enum and not
// here fails the type check.
const everyMethodListed: [Exclude<PaymentMethodName, PaymentMethod>] extends [never] ? true : false = true
void everyMethodListed

export const isPaymentMethod = (m: string | null | undefined): m is PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(m ?? '')

/** methodsOf lists the methods packages.php offers that the app knows, in the tenant's order, once each. */
export function methodsOf(p: { methods: readonly string[] } | null): PaymentMethod[] {
  const out: PaymentMethod[] = []
  for (const m of p?.methods ?? []) if (isPaymentMethod(m) && !out.includes(m)) out.push(m)
  return out
}

/** chosenMethod is the method of the route when the country offers it, else none. */
export function chosenMethod(methods: readonly PaymentMethod[], fromRoute: string | undefined): PaymentMethod | null {
  return methods.find((m) => m === fromRoute) ?? null
}

/** findPackage is the package of the route, or null when the tenant has none by that id. */
export function findPackage(p: Pick<Packages, 'packages'> | null, id: string | undefined): CreditPackage | null {
  return p?.packages.find((k) => k.id === id) ?? null
}

/** badgeKey is the catalogue key of a package's badge, or null. */
export function badgeKey(badge: string | null | undefined): string | null {
  switch (badge) {
    case 'popular':
      return 'credits.badges.popular'
    case 'best value':
      return 'credits.badges.bestValue'
    default:
      return null
  }
}

/** isLowBalance: the hint to top up shows at LOW_CREDITS (10) credits or fewer, like the navigation badge. */
export const isLowBalance = (credits: number): boolean => credits <= LOW_CREDITS

/** isSettled: a payment that is no longer pending will not change by waiting. */
export const isSettled = (s: OrderStatus): boolean => s !== 'pending'

/** canRetry: a failed, cancelled or expired order can be paid again with another method. */
export const canRetry = (s: OrderStatus): boolean => s === 'failed' || s === 'cancelled' || s === 'expired'

/** paymentPath is the route of paying package id with method. */
export const paymentPath = (id: string, method?: string | null): string =>
  `/credits/${encodeURIComponent(id)}${method ? `/${encodeURIComponent(method)}` : ''}`

// The polling of a pending payment: the first check at once, then after
// 1 s, 2 s, 4 s and 8 s, then every 8 s, POLL_MAX_CHECKS checks in all
// (about two and a half minutes); after that the page offers to check again.
export const POLL_FIRST_DELAY_MS = 1000
export const POLL_MAX_DELAY_MS = 8000
export const POLL_MAX_CHECKS = 20

/** pollDelay is the wait after check number attempt (0-based): doubling from 1 s, at most 8 s. */
export const pollDelay = (attempt: number): number => Math.min(POLL_FIRST_DELAY_MS * 2 ** attempt, POLL_MAX_DELAY_MS)

export type PollOutcome = { kind: 'settled'; order: Order } | { kind: 'gaveUp'; order: Order }

/**
 * pollPayment checks a payment until it is settled or POLL_MAX_CHECKS
 * checks have been made, waiting pollDelay between checks; onCheck sees
 * every answer. It rejects when check or sleep rejects (an abort).
 */
export async function pollPayment(
  check: () => Promise<Order>,
  sleep: (ms: number) => Promise<void>,
  onCheck: (order: Order, checks: number) => void,
  maxChecks = POLL_MAX_CHECKS,
): Promise<PollOutcome> {
  for (let attempt = 0; ; attempt++) {
    const order = await check()
    onCheck(order, attempt + 1)
    if (isSettled(order.status)) return { kind: 'settled', order }
    if (attempt + 1 >= maxChecks) return { kind: 'gaveUp', order }
    await sleep(pollDelay(attempt))
  }
}

/**
 * becamePremium: the completed payment made the member premium when they
 * were not premium before it, or when it is their only completed purchase.
 */
export function becamePremium(paidBefore: boolean | null, paidNow: boolean, completedPurchases: number | null): boolean {
  if (!paidNow) return false
  return paidBefore === false || completedPurchases === 1
}

/** The key of sessionStorage that remembers the payment country an order was placed in, for its retry. */
export const orderCountryKey = (orderId: number): string => `rdv-order-country:${orderId}`
