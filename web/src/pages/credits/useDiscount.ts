import { useCallback, useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { isAborted } from '../../api/http'
import { useAppState } from '../../state/context'
import type { BillingApi, DiscountCode } from './api'
import { normalizeCode, refusalKey, storeCode, storedCode } from './discount'
import { useBilling } from './hooks'

/** Discount is the active code of the credits pages and what the member can do with it. */
export interface Discount {
  /** code is the active code, null without one (or while it loads). */
  code: DiscountCode | null
  /** refusal is the catalogue key of the last refused code the member entered. */
  refusal: string | null
  busy: boolean
  /** enter checks a code the member typed; a refused one leaves the active code as it was. */
  enter: (code: string) => Promise<void>
  remove: () => void
}

/**
 * offered is the code the member has without typing one: the time bonus
 * while it lasts (the active discount is the time bonus when there is
 * one), otherwise the personal welcome code. Either failing, or having ended,
 * means the next one; having none is not an error (the welcome code's failure
 * is ignored silently).
 */
function offered(calls: BillingApi, timeBonus: string | null, signal: AbortSignal): Promise<DiscountCode> {
  const welcome = () => calls.welcomeCode(signal).then(current)
  if (!timeBonus) return welcome()
  return calls
    .discountCode(timeBonus, signal)
    .then(current)
    .catch((err: unknown) => {
      if (signal.aborted || isAborted(err)) throw err
      return welcome()
    })
}

/** current is a code that has not ended, else a refusal. */
const current = (c: DiscountCode): Promise<DiscountCode> => (c.expired ? Promise.reject(new Error('code ended')) : Promise.resolve(c))

/**
 * useDiscount is the active discount code: the page's ?discount_code=, or
 * the one entered earlier in this tab, else the time bonus while it lasts,
 * else the member's welcome code (their failure ignored). Visitors have
 * none.
 */
export function useDiscount(): Discount {
  const calls = useBilling()
  const loggedIn = useAppState((s) => !!s.user)
  const timeBonus = useAppState((s) => (s.timeBonus.isVisible ? (s.timeBonus.offer?.code ?? null) : null))
  const asking = useAppState((s) => !!s.timeBonus.asking)
  const [params] = useSearchParams()
  const given = params.get('discount_code')
  const [code, setCode] = useState<DiscountCode | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!loggedIn) return
    const ctl = new AbortController()
    const typed = given ? normalizeCode(given) : storedCode()
    if (given) storeCode(typed)
    // Without a code of their own the member's offer is the time bonus if the server gives it: wait for its word.
    if (!typed && asking) return
    const load = typed ? calls.discountCode(typed, ctl.signal) : offered(calls, timeBonus, ctl.signal)
    load.then(
      (c) => setCode(c),
      (err: unknown) => {
        if (ctl.signal.aborted || isAborted(err)) return
        // A given code that is refused says why; the offers' failure is
        // ignored.
        if (typed) {
          storeCode(null)
          setRefusal(refusalKey(err) ?? 'discount.errors.failed')
        } else setCode(null)
      },
    )
    return () => ctl.abort()
  }, [calls, given, loggedIn, timeBonus, asking])

  const enter = useCallback(
    async (typed: string) => {
      const text = normalizeCode(typed)
      setRefusal(null)
      if (!text) return
      setBusy(true)
      try {
        const c = await calls.discountCode(text)
        storeCode(c.code)
        setCode(c)
      } catch (err) {
        setRefusal(refusalKey(err) ?? 'discount.errors.failed')
      } finally {
        setBusy(false)
      }
    },
    [calls],
  )
  const remove = useCallback(() => {
    storeCode(null)
    setCode(null)
    setRefusal(null)
  }, [])
  return { code, refusal, busy, enter, remove }
}
