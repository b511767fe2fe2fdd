import { ApiError } from '../../api/http'
import { useLoad, type Loaded } from '../../api/useLoad'
import { useServices } from '../../state/context'
import { clearNewLike } from '../../state/member'
import { likeLists, member, type LikeEntry, type LikeListType, type MemberView } from '../members/discovery'

export type { Loaded } from '../../api/useLoad'

/**
 * useLikeList loads one likes list; the answer also refreshes the app's
 * likes (the badge and the new-like popup read them).
 */
export function useLikeList(type: LikeListType): { state: Loaded<LikeEntry[]>; reload: () => void } {
  const { api, store } = useServices()
  const { state, reload } = useLoad(type, (signal) =>
    likeLists(api, type, signal).then((res) => {
      store.set((s) => ({
        likes: {
          profiles: type === 'liked' ? res.profiles : s.likes.profiles,
          liked_by: res.liked_by ?? [],
          new_likes: res.new_likes,
        },
      }))
      return res.profiles ?? []
    }),
  )
  return { state, reload }
}

const NOT_FOUND: Loaded<MemberView> = { status: 'failed', error: new ApiError('This page could not be found', 404, 'profile_not_found') }

/** useLiker loads a profile from the likes view; opening it clears its new-like flag. */
export function useLiker(id: number): Loaded<MemberView> {
  const { api, store } = useServices()
  const valid = Number.isInteger(id) && id > 0
  const { state } = useLoad(valid ? String(id) : null, (signal) =>
    member(api, id, signal).then((data) => {
      clearNewLike(store, id)
      return data
    }),
  )
  return valid ? state : NOT_FOUND
}
