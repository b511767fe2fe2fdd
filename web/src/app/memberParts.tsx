import { useEffect } from 'react'
import { useAppState, useServices } from '../state/context'
import { useLiveEvents } from '../state/events'
import { refreshInterval, startPolling } from '../state/polling'
import { refreshPage } from '../state/refresh'
import { useTimeBonus } from '../features/timebonus/useTimeBonus'

export { AccountMenu } from '../nav/AccountMenu'
export { MemberNav } from '../nav/MemberNav'
export { TabBar } from '../nav/TabBar'

/**
 * MemberSession keeps a logged-in member's page current: the live events,
 * the page's refresh and the welcome time bonus. Root renders it while a
 * member is logged in.
 */
export function MemberSession() {
  const { api, store } = useServices()
  const loggedIn = useAppState((s) => !!s.user)
  useLiveEvents()
  useTimeBonus()
  useEffect(() => {
    if (!loggedIn) return
    return startPolling(
      () => refreshPage(api, store),
      () => refreshInterval(store.get().push.isSubscribed),
    )
  }, [api, store, loggedIn])
  return null
}
