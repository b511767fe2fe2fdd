import { useEffect } from 'react'
import { wait } from '../../api/useLoad'
import { useAppState, useServices } from '../../state/context'
import { AUTO_LIKE_RELOAD_MS, refreshNamed } from '../../state/refresh'
const KEY = 'rdv_auto_like'

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

/** claimAutoLike tells whether this session still has to ask for member's auto-like, and claims it. */
export function claimAutoLike(storage: Storage | null, memberId: number): boolean {
  if (!storage) return false
  if (storage.getItem(KEY) === String(memberId)) return false
  storage.setItem(KEY, String(memberId))
  return true
}

/**
 * useAutoLike: once per login session, on the members area, a house profile
 * may like the member (auto-like.php); the likes reload 500 ms later, which
 * brings the new-like popup and the badge.
 */
export function useAutoLike(storage: Storage | null = sessionStore()) {
  const { api, store } = useServices()
  const memberId = useAppState((s) => s.user?.id ?? 0)
  useEffect(() => {
    if (!memberId || !claimAutoLike(storage, memberId)) return
    const ctl = new AbortController()
    const { signal } = ctl
    // The likes load first, so the popup knows what is new.
    refreshNamed('likes', api, store)
      .then(() => api.autoLike(signal))
      .then((profile) => profile && wait(AUTO_LIKE_RELOAD_MS, signal).then(() => refreshNamed('likes', api, store)))
      .catch(() => {})
    return () => ctl.abort()
  }, [api, store, memberId, storage])
}
