import { useEffect, useMemo } from 'react'
import type { MemberProfile } from '../../api/types'
import { useLoad } from '../../api/useLoad'
import { useServices } from '../../state/context'
import { failureOf, type ViewFailure } from '../member/rules'
import { memberLandingApi } from './api'

export type LandingLoad = { state: 'loading' } | { state: 'failed'; failure: ViewFailure } | { state: 'ready'; profile: MemberProfile }

/**
 * useLanding loads the member of a landing as member-landing.php shows them
 * to a visitor. The engine puts that answer in the boot state of the
 * landing's page, so the first paint shows the member without a call.
 */
export function useLanding(id: number | null): LandingLoad {
  const { api, store } = useServices()
  const calls = useMemo(() => memberLandingApi(api.http), [api])
  const { state } = useLoad(id === null ? null : `landing:${id}`, (signal) => calls.member(id ?? 0, signal), {
    data: () => {
      const served = store.get().bootMember
      return served && served.id === id ? served : null
    },
  })
  // The boot's profile serves the first view only.
  useEffect(() => {
    if (store.get().bootMember) store.set({ bootMember: null })
  }, [store])
  if (id === null) return { state: 'failed', failure: { kind: 'notFound' } }
  if (state.status === 'done') return { state: 'ready', profile: state.data }
  if (state.status === 'failed') return { state: 'failed', failure: failureOf(state.error) }
  return { state: 'loading' }
}
