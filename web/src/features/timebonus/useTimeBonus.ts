import { useEffect } from 'react'
import { TIME_BONUS_CODE, mayHaveTimeBonus, timeBonusOffer, type TimeBonusCode } from './timeBonus'
import { useAppState, useServices } from '../../state/context'

const none = { offer: null, isVisible: false }

/**
 * useTimeBonus loads the welcome offer when a member logs in (or is known at
 * boot) and clears it on logout, for paid members and when the countdown
 * ends. The server says whether the member has it and how many seconds are
 * left (discountcode.php?code=TIMEBONUS25: its window, its once per member,
 * its clock); a refusal or a failure just means no offer. MemberSession
 * (app/memberParts.tsx) runs it while a member is logged in: a visitor's
 * first code does without it (the home's JavaScript).
 */
export function useTimeBonus(): void {
  const { api, store } = useServices()
  // The member's session ends (a logout): no offer.
  useEffect(() => () => store.set({ timeBonus: none }), [store])
  const userId = useAppState((s) => s.user?.id ?? null)
  const paid = useAppState((s) => !!s.user?.paid_user)
  const signup = useAppState((s) => s.user?.signup_date ?? '')
  useEffect(() => {
    if (!mayHaveTimeBonus(store.get().user, Date.now())) {
      store.set({ timeBonus: none })
      return
    }
    store.set({ timeBonus: { ...store.get().timeBonus, asking: true } })
    const ctl = new AbortController()
    let end: ReturnType<typeof setTimeout> | undefined
    api.http.get<TimeBonusCode>('/api/discountcode.php', { query: { code: TIME_BONUS_CODE }, signal: ctl.signal, retries: 0 }).then(
      (code) => {
        if (ctl.signal.aborted) return
        const offer = timeBonusOffer(code || null, Date.now())
        store.set({ timeBonus: { offer, isVisible: offer !== null } })
        if (offer) end = setTimeout(() => store.set({ timeBonus: none }), offer.expiresAt - Date.now())
      },
      () => {
        if (!ctl.signal.aborted) store.set({ timeBonus: none })
      },
    )
    return () => {
      ctl.abort()
      clearTimeout(end)
    }
  }, [api, store, userId, paid, signup])
}
