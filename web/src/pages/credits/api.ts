// The billing calls (engine/server/openapi.yaml: packages.php, orders.php,
// transactions.php): the credit packages of the member's payment country,
// orders and their payments, and the member's transactions.
import { ApiError, type HttpClient } from '../../api/http'
import type { Checkout, DirectDebitCodeSent, DiscountCode, LedgerEntry, OrderState, Packages, StoredCard, Transaction } from '../../api/types'

export type { CreditPackage, DirectDebitCodeSent, DiscountCode, LedgerEntry, Packages, Transaction } from '../../api/types'

/** Transactions is transactions.php's list: the orders and the credit ledger, newest first. */
export type Transactions = { transactions: Transaction[]; ledger: LedgerEntry[] }
/** Order is orders.php?id=: one payment of an order and the order's state. */
export type Order = OrderState
export type OrderCreated = Checkout
/** Card is the card the member keeps for repeat orders (repeatorder.php). */
export type Card = NonNullable<StoredCard['card']>
/** OrderStatus is where an order's payment stands; only pending moves on by itself. */
export type OrderStatus = OrderState['status']

const need = <T>(v: T | false): T => {
  if (v === false) throw new ApiError('authentication_required', 403, 'authentication_required')
  return v
}

export function billingApi(http: HttpClient) {
  return {
    /** packages: the packages, currency and methods of country (the visitor's country when null). */
    packages: (country: string | null, signal?: AbortSignal) =>
      http.get<Packages>('/api/packages.php', { query: { country: country || undefined }, signal }).then(need),
    /** order creates an order and its first payment; the answer names where to pay. */
    order: (body: { package_id: string; paymentmethod: string; country?: string; discount_code?: string; keep_card?: boolean; waive_withdrawal?: boolean }) =>
      http.post<OrderCreated>('/api/orders.php', body, { retries: 0 }).then(need),
    /** retry pays a failed, cancelled or expired order again with another method. */
    retry: (orderId: number, paymentmethod: string) =>
      http.post<OrderCreated>('/api/orders.php', { order_id: orderId, paymentmethod }, { retries: 0 }).then(need),
    /**
     * payNow is a new payment for an order that still waits, with its method
     * and price. clientId is the click's key: a repeated request with it
     * answers the same payment, so it may be retried safely.
     */
    payNow: (orderId: number, clientId: string) =>
      http.post<OrderCreated>('/api/paynow.php', { order_id: orderId, client_id: clientId }, { retries: 1 }).then(need),
    /** storedCard is the card kept for repeat orders, null when none is kept. */
    storedCard: (signal?: AbortSignal) => http.get<StoredCard>('/api/repeatorder.php', { signal }).then((r) => need(r).card ?? null),
    /**
     * repeat charges the kept card for a package without a redirect. clientId
     * is the click's key: the server answers a repeated request with the same
     * order, so the request may be retried safely.
     */
    repeat: (body: { package_id: string; card_id: number; client_id: string; country?: string; waive_withdrawal?: boolean }) =>
      http.post<Order>('/api/repeatorder.php', body, { retries: 2 }).then(need),
    /** removeCard revokes the kept card at the provider. */
    removeCard: (cardId: number) => http.del<null>('/api/repeatorder.php', undefined, { query: { id: cardId }, retries: 0 }).then(need),
    /** discountCode answers a code the member typed or was given, with its conditions (404 code_not_found, 409 code_used). */
    discountCode: (code: string, signal?: AbortSignal) =>
      http.get<DiscountCode>('/api/discountcode.php', { query: { code }, signal, retries: 0 }).then(need),
    /** welcomeCode answers the member's personal welcome code (404 when there is none). */
    welcomeCode: (signal?: AbortSignal) =>
      http.get<DiscountCode>('/api/discountcode.php', { query: { welcome: 'true' }, signal, retries: 0 }).then(need),
    /** directDebitStart texts a code for paying a package by direct debit from the account given. */
    directDebitStart: (body: { package_id: string; country?: string; iban: string; holder: string; phone: string; waive_withdrawal?: boolean }) =>
      http.post<DirectDebitCodeSent>('/api/directdebit.php', body, { retries: 0 }).then(need),
    /** directDebitConfirm sends the texted code; the answer is the placed order, redirect_url its result page. */
    directDebitConfirm: (code: string) => http.post<OrderCreated>('/api/directdebit.php', { code }, { retries: 0 }).then(need),
    /** payment is the state of one payment of the member's orders. */
    payment: (paymentId: string, signal?: AbortSignal) =>
      http.get<Order>('/api/orders.php', { query: { id: paymentId }, signal, retries: 1 }).then(need),
    transactions: (signal?: AbortSignal) =>
      http
        .get<Partial<Transactions>>('/api/transactions.php', { signal })
        .then((r): Transactions => ({ transactions: need(r).transactions ?? [], ledger: need(r).ledger ?? [] })),
    transaction: (orderId: number, signal?: AbortSignal) =>
      http.get<{ transaction: Transaction }>('/api/transactions.php', { query: { id: orderId }, signal }).then((r) => need(r).transaction),
  }
}

export type BillingApi = ReturnType<typeof billingApi>
