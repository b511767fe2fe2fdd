import { describe, expect, it, vi } from 'vitest'
import {
  GEO_MAX_AGE_MS,
  autoLocate,
  cachePlace,
  cachedPlace,
  canAsk,
  geoReducer,
  initialGeo,
  locatePlace,
  LocateError,
  needsFallback,
  readPermission,
  type NavigatorLike,
} from './geolocation'

const place = { country: 'NL', region: 'Noord-Holland', region_code: 'NL-NH', city: 'Amsterdam' }

function memory() {
  const m = new Map<string, string>()
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) }
}

const geolocation = (ok: boolean, code = 1) => ({
  getCurrentPosition: vi.fn((resolve: PositionCallback, reject?: PositionErrorCallback | null, options?: PositionOptions) => {
    void options
    if (ok) resolve({ coords: { latitude: 52.37, longitude: 4.9 } } as GeolocationPosition)
    else reject?.({ code } as GeolocationPositionError)
  }),
})

describe('geolocation permission', () => {
  it('reads granted, denied, prompt, unsupported and unknown', async () => {
    const nav = (state: string): NavigatorLike => ({ geolocation: geolocation(true), permissions: { query: () => Promise.resolve({ state }) } })
    expect(await readPermission(nav('granted'))).toBe('granted')
    expect(await readPermission(nav('denied'))).toBe('denied')
    expect(await readPermission(nav('prompt'))).toBe('prompt')
    expect(await readPermission(nav('weird'))).toBe('unknown')
    expect(await readPermission({})).toBe('unsupported')
    expect(await readPermission({ geolocation: geolocation(true) })).toBe('unknown')
    expect(
      await readPermission({ geolocation: geolocation(true), permissions: { query: () => Promise.reject(new TypeError('no')) } }),
    ).toBe('unknown')
  })

  it('runs the state machine', () => {
    let s = geoReducer(initialGeo, { type: 'permission', permission: 'granted' })
    expect(autoLocate(s)).toBe(true)
    s = geoReducer(s, { type: 'locate' })
    expect(s.status).toBe('locating')
    expect(autoLocate(s)).toBe(false)
    s = geoReducer(s, { type: 'located', place })
    expect(s).toEqual({ permission: 'granted', status: 'located', place })

    let p = geoReducer(initialGeo, { type: 'permission', permission: 'prompt' })
    expect(canAsk(p)).toBe(true)
    expect(needsFallback(p)).toBe(false)
    p = geoReducer(geoReducer(p, { type: 'locate' }), { type: 'failed', code: 1 })
    expect(p.permission).toBe('denied')
    expect(needsFallback(p)).toBe(true)

    const u = geoReducer(initialGeo, { type: 'permission', permission: 'unsupported' })
    expect(geoReducer(u, { type: 'locate' })).toBe(u)
    expect(needsFallback(u)).toBe(true)
    const timeout = geoReducer(geoReducer(initialGeo, { type: 'locate' }), { type: 'failed', code: 3 })
    expect(timeout.permission).toBe('unknown')
    expect(needsFallback(timeout)).toBe(true)
  })
})

describe('locatePlace', () => {
  it('geocodes the position and keeps the place for an hour', async () => {
    const storage = memory()
    const geo = geolocation(true)
    const geocode = vi.fn(() => Promise.resolve(place))
    let now = 1_000_000
    expect(await locatePlace({ geolocation: geo }, geocode, storage, () => now)).toEqual(place)
    expect(geocode).toHaveBeenCalledWith(52.37, 4.9)
    expect(geo.getCurrentPosition.mock.calls[0][2]).toMatchObject({ maximumAge: GEO_MAX_AGE_MS })
    now += GEO_MAX_AGE_MS - 1
    await locatePlace({ geolocation: geo }, geocode, storage, () => now)
    expect(geocode).toHaveBeenCalledTimes(1)
    now += 2
    await locatePlace({ geolocation: geo }, geocode, storage, () => now)
    expect(geocode).toHaveBeenCalledTimes(2)
  })

  it('fails with the position error code, or 0 when the geocode fails', async () => {
    await expect(locatePlace({ geolocation: geolocation(false, 1) }, () => Promise.resolve(place), null)).rejects.toEqual(new LocateError(1))
    await expect(locatePlace({ geolocation: geolocation(true) }, () => Promise.reject(new Error('x')), null)).rejects.toEqual(new LocateError(0))
  })

  it('ignores a broken or future cache', () => {
    const storage = memory()
    storage.setItem('rdv_geolocation', '{bad')
    expect(cachedPlace(storage, 5)).toBeNull()
    cachePlace(storage, place, 100)
    expect(cachedPlace(storage, 50)).toBeNull()
    expect(cachedPlace(storage, 150)).toEqual(place)
  })
})
