// The location step's geolocation: the permission is granted, denied, prompt,
// unsupported or unknown; a position and its reverse geocode are kept for an
// hour.
import type { Place } from '../api'

export type Permission = 'granted' | 'denied' | 'prompt' | 'unsupported' | 'unknown'

/** GEO_MAX_AGE_MS: a position (and its place) is reused for one hour. */
export const GEO_MAX_AGE_MS = 3_600_000
export const GEO_TIMEOUT_MS = 15_000
export const GEO_CACHE_KEY = 'rdv_geolocation'

export type GeoStatus = 'idle' | 'locating' | 'located' | 'failed'

export interface GeoState {
  permission: Permission
  status: GeoStatus
  place: Place | null
}

export type GeoEvent =
  | { type: 'permission'; permission: Permission }
  | { type: 'locate' }
  | { type: 'located'; place: Place }
  /** code: the GeolocationPositionError code, or 0 for a failed reverse geocode. */
  | { type: 'failed'; code: number }

export const initialGeo: GeoState = { permission: 'unknown', status: 'idle', place: null }

/** PERMISSION_DENIED of GeolocationPositionError. */
const PERMISSION_DENIED = 1

/** geoReducer is the state machine of the location step. */
export function geoReducer(state: GeoState, e: GeoEvent): GeoState {
  switch (e.type) {
    case 'permission':
      return { ...state, permission: e.permission }
    case 'locate':
      if (state.permission === 'unsupported' || state.permission === 'denied') return state
      return { ...state, status: 'locating' }
    case 'located':
      return { ...state, status: 'located', place: e.place, permission: 'granted' }
    case 'failed':
      return { ...state, status: 'failed', permission: e.code === PERMISSION_DENIED ? 'denied' : state.permission }
  }
}

/** autoLocate: with the permission granted the position is asked at once. */
export const autoLocate = (s: GeoState): boolean => s.permission === 'granted' && s.status === 'idle'

/** canAsk: the visitor can be asked for the position (a button). */
export const canAsk = (s: GeoState): boolean => (s.permission === 'prompt' || s.permission === 'unknown') && s.status !== 'locating'

/** needsFallback: without a position the region is chosen from a list. */
export const needsFallback = (s: GeoState): boolean =>
  s.permission === 'denied' || s.permission === 'unsupported' || s.status === 'failed'

type PermissionsLike = { query(d: { name: 'geolocation' }): Promise<{ state: string }> }
export interface NavigatorLike {
  geolocation?: Pick<Geolocation, 'getCurrentPosition'>
  permissions?: PermissionsLike
}

/** readPermission asks the Permissions API; without it the state is unknown. */
export async function readPermission(nav: NavigatorLike): Promise<Permission> {
  if (!nav.geolocation) return 'unsupported'
  if (!nav.permissions || typeof nav.permissions.query !== 'function') return 'unknown'
  try {
    const status = await nav.permissions.query({ name: 'geolocation' })
    return status.state === 'granted' || status.state === 'denied' || status.state === 'prompt' ? status.state : 'unknown'
  } catch {
    return 'unknown'
  }
}

/**
 * LocateError is a failed locating: code is the GeolocationPositionError code
 * (2 without geolocation), or 0 for a failed reverse geocode.
 */
export class LocateError extends Error {
  readonly code: number

  constructor(code: number) {
    super(`locating failed (code ${code})`)
    this.name = 'LocateError'
    this.code = code
  }
}

/** currentPosition asks the browser for the position, accepting one up to an hour old. */
export function currentPosition(nav: NavigatorLike): Promise<{ lat: number; lon: number }> {
  return new Promise((resolve, reject) => {
    if (!nav.geolocation) {
      reject(new LocateError(2))
      return
    }
    nav.geolocation.getCurrentPosition(
      (pos) => resolve({ lat: pos.coords.latitude, lon: pos.coords.longitude }),
      (err) => reject(new LocateError(err.code)),
      { maximumAge: GEO_MAX_AGE_MS, timeout: GEO_TIMEOUT_MS, enableHighAccuracy: false },
    )
  })
}

interface Cached {
  place: Place
  at: number
}

/** cachedPlace is the place found less than an hour ago, or null. */
export function cachedPlace(storage: Pick<Storage, 'getItem'> | null, now: number): Place | null {
  try {
    const raw = storage?.getItem(GEO_CACHE_KEY)
    if (!raw) return null
    const c = JSON.parse(raw) as Cached
    return c && c.place && now - c.at < GEO_MAX_AGE_MS && now >= c.at ? c.place : null
  } catch {
    return null
  }
}

export function cachePlace(storage: Pick<Storage, 'setItem'> | null, place: Place, now: number): void {
  try {
    storage?.setItem(GEO_CACHE_KEY, JSON.stringify({ place, at: now } satisfies Cached))
  } catch {
    // no storage: the position is asked again next time
  }
}

/**
 * locatePlace finds the visitor's place: from the cache when it is under an
 * hour old, else from the browser's position and the reverse geocode.
 */
export async function locatePlace(
  nav: NavigatorLike,
  geocode: (lat: number, lon: number) => Promise<Place>,
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
  now: () => number = Date.now,
): Promise<Place> {
  const cached = cachedPlace(storage, now())
  if (cached) return cached
  const { lat, lon } = await currentPosition(nav)
  let place: Place
  try {
    place = await geocode(lat, lon)
  } catch {
    throw new LocateError(0)
  }
  cachePlace(storage, place, now())
  return place
}
