import { useEffect } from 'react'
import { timeBonusOffer } from '../rules/timeBonus'
import { useAppState, useServices } from '../state/context'

/**
 * useTimeBonus loads the welcome offer when a member logs in (or is known at
 * boot), clears it on logout, for paid members and when the countdown ends.
 */
export function useTimeBonus(): void {
  const { store } = useServices()
  const userId = useAppState((s) => s.user?.id ?? null)
  const paid = useAppState((s) => !!s.user?.paid_user)
  const signup = useAppState((s) => s.user?.signup_date ?? '')
  useEffect(() => {
    const user = store.get().user
    const offer = timeBonusOffer(user, Date.now())
    store.set({ timeBonus: { offer, isVisible: offer !== null } })
    if (!offer) return
    const id = setTimeout(() => store.set({ timeBonus: { offer: null, isVisible: false } }), offer.expiresAt - Date.now())
    return () => clearTimeout(id)
  }, [store, userId, paid, signup])
}
