import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { ApiError } from '../../api/http'
import type { Interest, Regions } from '../../api/calls'
import type { Image } from '../../boot/types'
import { useServices } from '../../state/context'
import { loggedOut } from '../../state/store'
import { profileApi, uploadPhoto, type OwnPhoto, type OwnProfile, type PhotosAnswer, type ProfileOptions, type ProfileUpdate, type Upload } from './api'
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

export type Load<T> = { state: 'loading' } | { state: 'error'; problem: Problem } | { state: 'ready'; data: T }

export interface ProfileData {
  profile: OwnProfile
  options: ProfileOptions
  photoLimit: number
}

/** useOwnProfile loads the member's profile and saves edits to it. */
export function useOwnProfile() {
  const calls = useProfileApi()
  const sync = useSyncUser()
  const [load, setLoad] = useState<Load<ProfileData>>({ state: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let live = true
    calls.load().then(
      (a) => live && setLoad({ state: 'ready', data: { profile: a.profile, options: a.options ?? {}, photoLimit: a.photo_limit } }),
      (err) => live && setLoad({ state: 'error', problem: problemOf(err) }),
    )
    return () => {
      live = false
    }
  }, [calls, attempt])

  /** save sends update; it resolves to the bad fields (none when saved). */
  const save = useCallback(
    async (update: ProfileUpdate): Promise<{ problems: FieldProblem[]; problem: Problem | null }> => {
      try {
        const a = await calls.save(update)
        setLoad((l) => (l.state === 'ready' ? { state: 'ready', data: { ...l.data, profile: a.profile } } : l))
        sync({ name: a.profile.name })
        return { problems: [], problem: null }
      } catch (err) {
        const p = problemOf(err)
        return { problems: fieldProblems(p.code, p.message, p.fields), problem: p }
      }
    },
    [calls, sync],
  )

  return { load, save, retry: () => setAttempt((n) => n + 1) }
}

/** useInterests loads the interest list once (interests.php is cached). */
export function useInterests(): Interest[] {
  const { api } = useServices()
  const [list, setList] = useState<Interest[]>([])
  useEffect(() => {
    let live = true
    api.interests().then(
      (l) => live && setList(l),
      () => live && setList([]),
    )
    return () => {
      live = false
    }
  }, [api])
  return list
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
export function usePhotos(initialLimit: number) {
  const calls = useProfileApi()
  const sync = useSyncUser()
  const { store } = useServices()
  const [photos, setPhotos] = useState<OwnPhoto[] | null>(null)
  const [limit, setLimit] = useState(initialLimit)
  const [uploads, setUploads] = useState<UploadItem[]>([])
  const [problem, setProblem] = useState<Problem | null>(null)
  const [busy, setBusy] = useState(false)
  const running = useRef(new Map<number, Upload>())
  const nextKey = useRef(1)

  const apply = useCallback(
    (a: PhotosAnswer) => {
      setPhotos(a.photos ?? [])
      setLimit(a.photo_limit)
      sync({ main_image: mainOf(a.photos ?? []) })
    },
    [sync],
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

  useEffect(() => {
    let live = true
    calls.photos().then(
      (a) => live && apply(a),
      (err) => live && fail(err),
    )
    const map = running.current
    return () => {
      live = false
      for (const u of map.values()) u.abort()
    }
  }, [calls, apply, fail])

  /** change runs one call that answers the photos, showing its error. */
  const change = useCallback(
    async (call: () => Promise<PhotosAnswer>, optimistic?: OwnPhoto[]) => {
      const before = photos
      if (optimistic) setPhotos(optimistic)
      setBusy(true)
      setProblem(null)
      try {
        apply(await call())
      } catch (err) {
        if (optimistic) setPhotos(before)
        fail(err)
      } finally {
        setBusy(false)
      }
    },
    [apply, fail, photos],
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
        const key = items[i]!.key
        const setItem = (patch: Partial<UploadItem>) => setUploads((u) => u.map((x) => (x.key === key ? { ...x, ...patch } : x)))
        const up = uploadPhoto(file, (progress) => setItem({ progress }))
        running.current.set(key, up)
        try {
          apply(await up.done)
          setUploads((u) => u.filter((x) => x.key !== key))
        } catch (err) {
          const p = problemOf(err)
          if (p.code === 'aborted') return
          if (p.code === 'authentication_required') store.set(loggedOut())
          setItem({ problem: p })
          if (p.code === 'photo_limit') {
            // The rest would meet the same limit: drop them.
            const rest = new Set(items.slice(i + 1).map((x) => x.key))
            setUploads((u) => u.filter((x) => !rest.has(x.key)))
            if (typeof p.fields.limit === 'number') setLimit(p.fields.limit)
            break
          }
        } finally {
          running.current.delete(key)
        }
      }
    },
    [apply, store],
  )

  const dismissUpload = useCallback((key: number) => setUploads((u) => u.filter((x) => x.key !== key)), [])

  return { photos, limit, uploads, problem, busy, move, makeMain, remove, upload, dismissUpload }
}

/** useRegions loads a country's regions (regions.php is cached per country). */
export function useRegions(country: string): Regions | null {
  const { api } = useServices()
  const [regions, setRegions] = useState<Regions | null>(null)
  useEffect(() => {
    let live = true
    setRegions(null)
    if (!country) return
    api.regions(country).then(
      (r) => live && setRegions(r),
      () => live && setRegions(null),
    )
    return () => {
      live = false
    }
  }, [api, country])
  return regions
}
