import { useCallback, useEffect, useMemo, useState } from 'react'
import { ApiError } from '../../api/http'
import { useTranslation } from 'react-i18next'
import { useLoad } from '../../api/useLoad'
import { serverErrorText } from '../../api/serverErrors'
import { useServices } from '../../state/context'
import { announceMatch } from '../../state/match'
import { memberApi, type MemberProfile } from './api'
import { failureOf, type ViewFailure } from './rules'

export type MemberLoad = { state: 'loading' } | { state: 'failed'; failure: ViewFailure } | { state: 'ready'; profile: MemberProfile }

/** useMemberApi is the view's calls on the app's HTTP client. */
export function useMemberApi() {
  const { api } = useServices()
  return useMemo(() => memberApi(api.http), [api])
}

/** useMember loads a member's profile as the viewer may see it; it reloads when the viewer logs in or out. */
export function useMember(id: number | null, viewerId: number | null) {
  const calls = useMemberApi()
  const { store } = useServices()
  const { state, update } = useLoad(id === null ? null : `${id}:${viewerId ?? ''}`, (signal) => calls.member(id ?? 0, signal), {
    // The boot's profile for a visitor: the first paint shows the profile.
    data: () => {
      const served = store.get().bootMember
      return served && served.id === id && viewerId === null ? served : null
    },
  })
  // The boot's profile serves the first view only.
  useEffect(() => {
    if (store.get().bootMember) store.set({ bootMember: null })
  }, [store])
  const load: MemberLoad =
    id === null
      ? { state: 'failed', failure: { kind: 'notFound' } }
      : state.status === 'done'
        ? { state: 'ready', profile: state.data }
        : state.status === 'failed'
          ? { state: 'failed', failure: failureOf(state.error) }
          : { state: 'loading' }
  const patch = useCallback((p: Partial<MemberProfile>) => update((profile) => ({ ...profile, ...p })), [update])
  return { load, patch }
}

/** ActionState is one action's progress and its last error text. */
export interface ActionState {
  busy: boolean
  error: string
}

/** useMemberActions likes, blocks and unblocks a member, each confirmed by the server. */
export function useMemberActions(profile: MemberProfile, patch: (p: Partial<MemberProfile>) => void) {
  const calls = useMemberApi()
  const { store } = useServices()
  const likedBefore = useMemo(() => store.get().likes.profiles.some((p) => p.id === profile.id), [store, profile.id])
  const [liked, setLiked] = useState(likedBefore)
  const [state, setState] = useState<ActionState>({ busy: false, error: '' })

  const { t } = useTranslation()
  const run = useCallback(
    async (call: () => Promise<void>) => {
      setState({ busy: true, error: '' })
      try {
        await call()
        setState({ busy: false, error: '' })
      } catch (err) {
        // the general codes (rate_limited and the like) in the catalogue's words, others as the server says
        const general = serverErrorText(err)
        const error = general ? t(general[0], general[1]) : err instanceof ApiError || err instanceof Error ? err.message : String(err)
        setState({ busy: false, error })
      }
    },
    [t],
  )

  const like = useCallback(
    () =>
      run(async () => {
        const r = await calls.like(profile.id)
        setLiked(true)
        if (r.match) announceMatch({ id: profile.id, name: profile.name, main_image: profile.main_image })
        store.set((s) => (s.likes.profiles.some((p) => p.id === profile.id) ? {} : { likes: { ...s.likes, profiles: [...s.likes.profiles, { id: profile.id, name: profile.name, main_image: profile.main_image }] } }))
      }),
    [calls, profile, run, store],
  )
  const block = useCallback(
    () =>
      run(async () => {
        await calls.block(profile.id)
        patch({ blocked: true })
      }),
    [calls, patch, profile.id, run],
  )
  const unblock = useCallback(
    () =>
      run(async () => {
        await calls.unblock(profile.id)
        patch({ blocked: false })
      }),
    [calls, patch, profile.id, run],
  )
  return { liked, state, like, block, unblock }
}
