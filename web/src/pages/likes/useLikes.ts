import { useCallback, useEffect, useState } from 'react'
import { ApiError } from '../../api/http'
import type { Profile } from '../../boot/types'
import { useApi, useServices } from '../../state/context'
import { clearNewLike } from '../../state/member'
import { likeLists, member, type LikeEntry, type LikeListType, type MemberView } from '../members/discovery'

export type Loaded<T> = { status: 'loading' } | { status: 'done'; data: T } | { status: 'failed'; error: unknown }

/**
 * useLikeList loads one likes list; the answer also refreshes the app's
 * likes (the badge and the new-like popup read them).
 */
export function useLikeList(type: LikeListType): { state: Loaded<LikeEntry[]>; reload: () => void } {
  const { api, store } = useServices()
  const [state, setState] = useState<Loaded<LikeEntry[]>>({ status: 'loading' })
  const [round, setRound] = useState(0)
  useEffect(() => {
    let live = true
    likeLists(api, type)
      .then((res) => {
        if (!live) return
        setState({ status: 'done', data: res.profiles ?? [] })
        store.set((s) => ({
          likes: {
            profiles: type === 'liked' ? (res.profiles as unknown as Profile[]) : s.likes.profiles,
            liked_by: res.liked_by ?? [],
            new_likes: res.new_likes,
          },
        }))
      })
      .catch((error) => live && setState({ status: 'failed', error }))
    return () => {
      live = false
    }
  }, [api, store, type, round])
  const reload = useCallback(() => setRound((r) => r + 1), [])
  return { state, reload }
}

/** useLiker loads a profile from the likes view; opening it clears its new-like flag. */
export function useLiker(id: number): Loaded<MemberView> {
  const api = useApi()
  const { store } = useServices()
  const [state, setState] = useState<Loaded<MemberView>>({ status: 'loading' })
  useEffect(() => {
    let live = true
    setState({ status: 'loading' })
    if (!Number.isInteger(id) || id <= 0) {
      setState({ status: 'failed', error: new ApiError('This page could not be found', 404, 'profile_not_found') })
      return
    }
    member(api, id)
      .then((data) => {
        if (!live) return
        setState({ status: 'done', data })
        clearNewLike(store, id)
      })
      .catch((error) => live && setState({ status: 'failed', error }))
    return () => {
      live = false
    }
  }, [api, store, id])
  return state
}
