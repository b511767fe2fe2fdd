import { useCallback, useState } from 'react'
import { useNavigate } from 'react-router'
import { ApiError } from '../../api/http'
import { isDesktop } from '../../app/hooks'
import { useAppState, useServices } from '../../state/context'
import { refreshNamed } from '../../state/refresh'
import { like } from './discovery'
import { announceMatch, type MatchPartner } from '../../state/match'
import { likeErrorNotice } from './likeState'

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

/** loggedOutLike tells whether a like failed because no one is logged in (the call answered authentication_required). */
const loggedOutLike = (err: unknown) => (err instanceof ApiError ? err.code : err instanceof Error ? err.message : '') === 'authentication_required'

/**
 * useLike likes a profile once: a match is celebrated (the match moment), a refusal
 * (blocked, invisible...) explained; the likes lists reload after it. A
 * visitor must log in to like: the like invites them to sign up for this
 * profile instead, in the signup modal on desktop and on the profile's signup
 * page on a smartphone.
 */
export function useLike(who: MatchPartner & { name: string }, onLiked?: (match: boolean) => void) {
  const { id: profileId, name } = who
  const { api, store, toasts } = useServices()
  const navigate = useNavigate()
  const liked = useLikedIds().has(profileId)
  const [status, setStatus] = useState<LikeStatus>('idle')
  const inviteSignup = useCallback(() => {
    if (isDesktop()) store.set({ signup: { open: true, inProgress: false, profileId } })
    else void navigate(`/members/${profileId}/signup`)
  }, [navigate, store, profileId])
  const run = useCallback(async () => {
    if (status !== 'idle' || liked) return
    if (!store.get().user) {
      inviteSignup()
      return
    }
    setStatus('pending')
    try {
      const res = await like(api, profileId)
      setStatus('liked')
      if (res.match) announceMatch(who)
      onLiked?.(res.match)
      void refreshNamed('likes', api, store)
    } catch (err) {
      setStatus('idle')
      if (loggedOutLike(err)) {
        inviteSignup()
        return
      }
      const n = likeErrorNotice(err, name)
      toasts.show(n.key, n.values, n.tone)
    }
  }, [api, store, toasts, profileId, name, who, status, liked, onLiked, inviteSignup])
  return { status: liked ? ('liked' as const) : status, like: run }
}
