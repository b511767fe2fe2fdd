import { useCallback, useEffect, useMemo, useState } from 'react'
import { ApiError } from '../../api/http'
import { useServices } from '../../state/context'
import { complaintsApi, type Complaint, type ComplaintInput } from './api'

/** useComplaints loads the member's complaints and files new ones. */
export function useComplaints(loggedIn: boolean) {
  const { api } = useServices()
  const calls = useMemo(() => complaintsApi(api.http), [api])
  const [list, setList] = useState<Complaint[] | null>(null)
  const [reload, setReload] = useState(0)

  useEffect(() => {
    if (!loggedIn) {
      setList(null)
      return
    }
    let live = true
    calls.list().then(
      (l) => live && setList(l),
      () => live && setList([]),
    )
    return () => {
      live = false
    }
  }, [calls, loggedIn, reload])

  /** file sends a complaint; it resolves to null or the error (code, field, text). */
  const file = useCallback(
    async (c: ComplaintInput): Promise<{ code: string; field: string; message: string } | null> => {
      try {
        await calls.file(c)
        setReload((n) => n + 1)
        return null
      } catch (err) {
        if (err instanceof ApiError) return { code: err.code, field: typeof err.fields.field === 'string' ? err.fields.field : '', message: err.message }
        return { code: '', field: '', message: err instanceof Error ? err.message : String(err) }
      }
    },
    [calls],
  )
  return { list, file }
}
