import { useEffect } from 'react'
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
    let timer: ReturnType<typeof setTimeout> | undefined
    let live = true
    // The likes load first, so the popup knows what is new.
    refreshNamed('likes', api, store)
      .then(() => (live ? api.autoLike() : null))
      .then((profile) => {
        if (profile && live) timer = setTimeout(() => void refreshNamed('likes', api, store), AUTO_LIKE_RELOAD_MS)
      })
      .catch(() => {})
    return () => {
      live = false
      if (timer) clearTimeout(timer)
    }
  }, [api, store, memberId, storage])
}
