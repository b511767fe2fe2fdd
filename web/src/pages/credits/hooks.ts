import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { isAborted } from '../../api/http'
import { useLoad, wait } from '../../api/useLoad'
import { refreshUser } from '../../state/refresh'
import { useServices } from '../../state/context'
import { billingApi, type Order, type Packages } from './api'
import { becamePremium, orderCountryKey, pollPayment } from './rules'

/** useBilling is the billing calls on the app's HTTP client. */
export function useBilling() {
  const { api } = useServices()
  return useMemo(() => billingApi(api.http), [api])
}

/**
 * usePackages loads packages.php for a payment country (null: the
 * visitor's own). The packages of the last country stay on screen while
 * another country's load.
 */
export function usePackages(country: string | null) {
  const calls = useBilling()
  const { state, latest, reload } = useLoad<Packages>(`packages:${country ?? ''}`, (signal) => calls.packages(country, signal))
  return { state, latest, reload }
}

/** Payment is where the payment result screen stands. */
export type Payment =
  | { phase: 'loading' }
  | { phase: 'pending'; order: Order; checks: number; gaveUp: boolean }
  | { phase: 'settled'; order: Order; premiumNow: boolean; balance: number | null }
  | { phase: 'error'; error: unknown }

/**
 * usePayment follows a payment of orders.php until it is settled: it polls
 * a pending one on pollPayment's bounded back-off, and once completed
 * reloads the member (balance, premium) and tells whether this purchase
 * made them premium. again() checks once more after polling gave up.
 */
export function usePayment(paymentId: string | null): { payment: Payment; again: () => void } {
  const { api, store } = useServices()
  const calls = useBilling()
  const [round, setRound] = useState(0)
  const [payment, setPayment] = useState<Payment>({ phase: 'loading' })
  // Whether the member was premium when this result screen opened: a
  // payment that completes afterwards and finds them premium made them so.
  const paidBefore = useRef<boolean | null>(null)

  useEffect(() => {
    if (!paymentId) return
    if (paidBefore.current === null) paidBefore.current = !!store.get().user?.paid_user
    const ctl = new AbortController()
    const { signal } = ctl
    const run = async () => {
      const outcome = await pollPayment(
        () => calls.payment(paymentId, signal),
        (ms) => wait(ms, signal),
        (order, checks) => {
          if (order.status === 'pending' && !signal.aborted) setPayment({ phase: 'pending', order, checks, gaveUp: false })
        },
      )
      if (outcome.kind === 'gaveUp') {
        setPayment((p) => (p.phase === 'pending' ? { ...p, gaveUp: true } : p))
        return
      }
      const { order } = outcome
      let premiumNow = false
      if (order.status === 'completed') {
        await refreshUser(api, store).catch(() => undefined)
        const list = await calls.transactions(signal).catch(() => null)
        const completed = list ? list.transactions.filter((t) => t.status === 'completed' || t.status === 'refunded').length : null
        premiumNow = becamePremium(paidBefore.current, !!store.get().user?.paid_user, completed)
      }
      if (signal.aborted) return
      setPayment({ phase: 'settled', order, premiumNow, balance: store.get().user?.credits ?? null })
    }
    run().catch((error: unknown) => {
      if (!signal.aborted && !isAborted(error)) setPayment({ phase: 'error', error })
    })
    return () => ctl.abort()
  }, [paymentId, round, api, store, calls])

  const again = useCallback(() => setRound((r) => r + 1), [])
  return { payment, again }
}

/** rememberOrderCountry keeps the payment country of an order for its retry (this tab only). */
export function rememberOrderCountry(orderId: number, country: string): void {
  try {
    sessionStorage.setItem(orderCountryKey(orderId), country)
  } catch {
    // Storage off: the retry offers the visitor's own country.
  }
}

export function orderCountry(orderId: number): string | null {
  try {
    return sessionStorage.getItem(orderCountryKey(orderId))
  } catch {
    return null
  }
}
