import { useCallback, useState } from 'react'
import { useAppState, useServices } from '../../state/context'
import { refreshNamed } from '../../state/refresh'
import { like } from './discovery'
import { likeErrorNotice, likeNotice } from './likeState'

export type LikeStatus = 'idle' | 'pending' | 'liked'

/** useLikedIds is the set of profiles the member has liked (likes.php). */
export function useLikedIds(): Set<number> {
  const profiles = useAppState((s) => s.likes.profiles)
  const [cache] = useState(() => new WeakMap<object, Set<number>>())
  let set = cache.get(profiles)
  if (!set) {
    set = new Set(profiles.map((p) => p.id))
    cache.set(profiles, set)
  }
  return set
}

/**
 * useLike likes a profile once: a match is celebrated with a toast, a refusal
 * (blocked, invisible...) explained; the likes lists reload after it.
 */
export function useLike(profileId: number, name: string, onLiked?: (match: boolean) => void) {
  const { api, store, toasts } = useServices()
  const liked = useLikedIds().has(profileId)
  const [status, setStatus] = useState<LikeStatus>('idle')
  const run = useCallback(async () => {
    if (status !== 'idle' || liked) return
    setStatus('pending')
    try {
      const res = await like(api, profileId)
      setStatus('liked')
      const n = likeNotice(res.match, name)
      if (n) toasts.show(n.key, n.values, n.tone)
      onLiked?.(res.match)
      void refreshNamed('likes', api, store)
    } catch (err) {
      setStatus('idle')
      const n = likeErrorNotice(err, name)
      toasts.show(n.key, n.values, n.tone)
    }
  }, [api, store, toasts, profileId, name, status, liked, onLiked])
  return { status: liked ? ('liked' as const) : status, like: run }
}
