import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { ApiError, isAborted } from '../../api/http'
import type { Image } from '../../api/types'
import { useLoad } from '../../api/useLoad'
import { useServices } from '../../state/context'
import { loggedOut } from '../../state/store'
import { profileApi, type OwnPhoto, type OwnProfile, type PhotosAnswer, type ProfileOptions, type ProfileUpdate } from './api'
import { fieldProblems, moveItem, moveToFront, type FieldProblem } from './rules'

/** Problem is an error answer the page shows: its code, text and fields. */
export interface Problem {
  code: string
  message: string
  fields: Record<string, unknown>
}

const problemOf = (err: unknown): Problem =>
  err instanceof ApiError
    ? { code: err.code, message: err.message, fields: err.fields }
    : { code: '', message: err instanceof Error ? err.message : String(err), fields: {} }

/** useProfileApi is the page's calls on the app's HTTP client. */
function useProfileApi() {
  const { api } = useServices()
  return useMemo(() => profileApi(api.http), [api])
}

/** useSyncUser copies the profile's name and main photo into the logged-in member. */
function useSyncUser() {
  const { store } = useServices()
  return useCallback(
    (patch: Partial<{ name: string; main_image: Image | null }>) =>
      store.set((s) => (s.user?.profile ? { user: { ...s.user, profile: { ...s.user.profile, ...patch } } } : {})),
    [store],
  )
}

export interface ProfileData {
  profile: OwnProfile
  options: ProfileOptions
  photoLimit: number
}

/** useOwnProfile loads the member's profile and saves edits to it. */
export function useOwnProfile() {
  const calls = useProfileApi()
  const sync = useSyncUser()
  const { state: load, reload, update } = useLoad<ProfileData>('profile', (signal) =>
    calls.load(signal).then((a) => ({ profile: a.profile, options: a.options ?? {}, photoLimit: a.photo_limit })),
  )

  /** save sends update; it resolves to the bad fields (none when saved). */
  const save = useCallback(
    async (change: ProfileUpdate): Promise<{ problems: FieldProblem[]; problem: Problem | null }> => {
      try {
        const a = await calls.save(change)
        update((data) => ({ ...data, profile: a.profile }))
        sync({ name: a.profile.name })
        return { problems: [], problem: null }
      } catch (err) {
        const p = problemOf(err)
        return { problems: fieldProblems(p.code, p.message, p.fields), problem: p }
      }
    },
    [calls, sync, update],
  )

  return { load, save, retry: reload }
}

/** UploadItem is one file on its way: its progress (0 to 1) or its error. */
export interface UploadItem {
  key: number
  name: string
  progress: number
  problem: Problem | null
}

/** mainOf is the main image of a photo list: the first active photo. */
export const mainOf = (photos: readonly OwnPhoto[]): Image | null => photos.find((p) => p.status === 'active') ?? null

/**
 * usePhotos is the photo manager's state: the member's photos, the limit,
 * the running uploads with their progress, and the changes (main photo,
 * order, delete), each confirmed by the server's answer.
 */
const NO_PHOTOS: OwnPhoto[] = []

export function usePhotos(initialLimit: number) {
  const calls = useProfileApi()
  const sync = useSyncUser()
  const { store } = useServices()
  const { state, update } = useLoad<PhotosAnswer>('photos', (signal) =>
    calls.photos(signal).then((a) => {
      sync({ main_image: mainOf(a.photos ?? []) })
      return a
    }),
  )
  const [uploads, setUploads] = useState<UploadItem[]>([])
  const [problem, setProblem] = useState<Problem | null>(null)
  const [busy, setBusy] = useState(false)
  const running = useRef(new Map<number, AbortController>())
  const nextKey = useRef(1)

  const photos = state.status === 'done' ? (state.data.photos ?? NO_PHOTOS) : null
  const limit = state.status === 'done' ? state.data.photo_limit : initialLimit

  // Leaving the page stops the running uploads.
  useEffect(() => {
    const map = running.current
    return () => {
      for (const ctl of map.values()) ctl.abort()
    }
  }, [])

  const apply = useCallback(
    (a: PhotosAnswer) => {
      update(() => a)
      sync({ main_image: mainOf(a.photos ?? []) })
    },
    [sync, update],
  )

  const fail = useCallback(
    (err: unknown) => {
      const p = problemOf(err)
      if (p.code === 'authentication_required') store.set(loggedOut())
      setProblem(p)
      return p
    },
    [store],
  )

  /** change runs one call that answers the photos, showing its error. */
  const change = useCallback(
    async (call: () => Promise<PhotosAnswer>, optimistic?: OwnPhoto[]) => {
      const before = photos
      if (optimistic) update((a) => ({ ...a, photos: optimistic }))
      setBusy(true)
      setProblem(null)
      try {
        apply(await call())
      } catch (err) {
        if (optimistic && before) update((a) => ({ ...a, photos: before }))
        fail(err)
      } finally {
        setBusy(false)
      }
    },
    [apply, fail, photos, update],
  )

  const move = useCallback(
    (from: number, to: number) => {
      if (!photos || from === to) return
      const next = moveItem(photos, from, to)
      return change(() => calls.reorder(next.map((p) => p.id)), next)
    },
    [calls, change, photos],
  )

  const makeMain = useCallback(
    (id: number) => change(() => calls.makeMain(id), photos ? moveToFront(photos, id) : undefined),
    [calls, change, photos],
  )

  const remove = useCallback(
    (id: number) => change(() => calls.remove(id), photos?.filter((p) => p.id !== id)),
    [calls, change, photos],
  )

  /** upload sends files one after the other, each with its own progress. */
  const upload = useCallback(
    async (files: File[]) => {
      setProblem(null)
      const items = files.map((f) => ({ key: nextKey.current++, name: f.name, progress: 0, problem: null }))
      setUploads((u) => [...u.filter((x) => x.problem === null), ...items])
      for (const [i, file] of files.entries()) {
        const key = items[i].key
        const setItem = (patch: Partial<UploadItem>) => setUploads((u) => u.map((x) => (x.key === key ? { ...x, ...patch } : x)))
        const ctl = new AbortController()
        running.current.set(key, ctl)
        try {
          apply(await calls.upload(file, (progress) => setItem({ progress }), ctl.signal))
          setUploads((u) => u.filter((x) => x.key !== key))
        } catch (err) {
          if (isAborted(err)) return
          const p = problemOf(err)
          if (p.code === 'authentication_required') store.set(loggedOut())
          setItem({ problem: p })
          if (p.code === 'photo_limit') {
            // The rest would meet the same limit: drop them.
            const rest = new Set(items.slice(i + 1).map((x) => x.key))
            setUploads((u) => u.filter((x) => !rest.has(x.key)))
            const n = p.fields.limit
            if (typeof n === 'number') update((a) => ({ ...a, photo_limit: n }))
            break
          }
        } finally {
          running.current.delete(key)
        }
      }
    },
    [apply, calls, store, update],
  )

  const dismissUpload = useCallback((key: number) => setUploads((u) => u.filter((x) => x.key !== key)), [])

  const shown = problem ?? (state.status === 'failed' ? problemOf(state.error) : null)
  return { photos, limit, uploads, problem: shown, busy, move, makeMain, remove, upload, dismissUpload }
}
