// The rules of repeat orders (one click on the kept card): a click's key
// and what an answer of repeatorder.php means for the member.
import type { CreditPackage, Order } from './api'

/** RepeatOutcome is how a click went: charged, still pending, failed (order null when none was made) or an error to show. */
export type RepeatOutcome =
  | { kind: 'completed'; order: Order }
  | { kind: 'pending'; order: Order }
  | { kind: 'failed'; order: Order | null; pkg: CreditPackage; country: string }
  | { kind: 'error'; message: string }

/** newClientId is a fresh key for one click (crypto.randomUUID where there is one). */
export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** repeatOutcome reads a repeat order's state: completed, pending, or failed (any other end). */
export function repeatOutcome(order: Order, pkg: CreditPackage, country: string): RepeatOutcome {
  switch (order.status) {
    case 'completed':
      return { kind: 'completed', order }
    case 'pending':
      return { kind: 'pending', order }
    default:
      return { kind: 'failed', order, pkg, country }
  }
}

/** CARD_METHODS pay by card: their card can be kept for repeat orders (engine billing.CardMethods). */
export const CARD_METHODS: readonly string[] = ['creditcard', 'visa', 'mastercard', 'maestro', 'cartebancaire', 'dankort', 'nexi']

/** isCardMethod says whether method pays by card. */
export const isCardMethod = (method: string): boolean => CARD_METHODS.includes(method)
