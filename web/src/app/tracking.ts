/** Tracking info of a visitor who came through a traffic source. */
export interface Tracking {
  network: string
  ref: string
  sub1?: string
  sub2?: string
  sub3?: string
}

export const TRACKING_KEY = 'rdv_tracking'

/** trackingFromQuery reads network, ref and sub1-3 from a route query. */
export function trackingFromQuery(q: Record<string, string>): Tracking | null {
  if (!q.network && !q.ref) return null
  const t: Tracking = { network: q.network ?? '', ref: q.ref ?? '' }
  for (const k of ['sub1', 'sub2', 'sub3'] as const) if (q[k]) t[k] = q[k]
  return t
}

function session(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

/** captureTracking keeps the visit's traffic source for signup. */
export function captureTracking(q: Record<string, string>, storage: Storage | null = session()): void {
  const t = trackingFromQuery(q)
  if (t) {
    try {
      storage?.setItem(TRACKING_KEY, JSON.stringify(t))
    } catch {
      // no storage: the traffic source is lost
    }
  }
}

export function currentTracking(storage: Storage | null = session()): Tracking | null {
  try {
    const raw = storage?.getItem(TRACKING_KEY)
    return raw ? (JSON.parse(raw) as Tracking) : null
  } catch {
    return null
  }
}

/** signupsOpen: 'all', or 'with_trafficsource' only with a traffic source. */
export function signupsOpen(setting: string, hasTrafficSource: boolean): boolean {
  if (setting === 'all') return true
  if (setting === 'with_trafficsource') return hasTrafficSource
  return false
}

/** loggedOutSearchAllowed: logged_out_search, or logged_out_search_trafficsource with a traffic source. */
export function loggedOutSearchAllowed(
  s: { logged_out_search: boolean; logged_out_search_trafficsource: boolean },
  hasTrafficSource: boolean,
): boolean {
  return s.logged_out_search || (s.logged_out_search_trafficsource && hasTrafficSource)
}
