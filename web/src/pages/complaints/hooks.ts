import { useCallback, useMemo } from 'react'
import { ApiError } from '../../api/http'
import { useLoad } from '../../api/useLoad'
import { serverErrorText, type Text } from '../../api/serverErrors'
import { useServices } from '../../state/context'
import { complaintsApi, type Complaint, type ComplaintInput } from './api'

/** useComplaints loads the member's complaints and files new ones. */
export function useComplaints(loggedIn: boolean) {
  const { api } = useServices()
  const calls = useMemo(() => complaintsApi(api.http), [api])
  const { state, reload } = useLoad(loggedIn ? 'complaints' : null, (signal) => calls.list(signal))
  const list: Complaint[] | null = state.status === 'done' ? state.data : state.status === 'failed' ? [] : null

  /** file sends a complaint; it resolves to null or the error (code, field, message, and the general codes' text). */
  const file = useCallback(
    async (c: ComplaintInput): Promise<{ code: string; field: string; message: string; text: Text | null } | null> => {
      try {
        await calls.file(c)
        reload()
        return null
      } catch (err) {
        if (err instanceof ApiError) return { code: err.code, field: typeof err.fields.field === 'string' ? err.fields.field : '', message: err.message, text: serverErrorText(err) }
        return { code: '', field: '', message: err instanceof Error ? err.message : String(err), text: null }
      }
    },
    [calls, reload],
  )
  return { list, file }
}

/**
 * useProfileName is the name of the profile a complaint is about, or null
 * while it loads or when the viewer may not see the profile (the form then
 * names it by its number).
 */
export function useProfileName(id: number | null): string | null {
  const { api } = useServices()
  const calls = useMemo(() => complaintsApi(api.http), [api])
  const { state } = useLoad(id === null ? null : `complaint-profile:${id}`, (signal) => calls.profileName(id ?? 0, signal))
  return state.status === 'done' ? state.data : null
}
