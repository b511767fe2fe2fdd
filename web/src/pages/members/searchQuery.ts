// The member search's state lives in the URL query (gender, country,
// countryregion, min_age, max_age, distance, online, photo, new, sort and
// the page's cursor), so a search can be bookmarked, shared and walked back
// with the browser. These functions move it between the URL, the form and
// members.php.
import type { Query } from '../../api/http'

/** PER_PAGE: results per page (members.php allows 1 to 60). */
export const PER_PAGE = 12
export const MAX_AGE = 99
export const DEFAULT_MIN_AGE = 18
export const FILTER_FIELDS = ['gender', 'country', 'countryregion', 'min_age', 'max_age', 'distance', 'online', 'photo', 'new', 'sort'] as const
export type FilterField = (typeof FILTER_FIELDS)[number]
/** FLAGS are the yes-or-no filters: '1' is on, '' off. */
export const FLAGS = ['online', 'photo', 'new'] as const
/** DISTANCES are the radii the form offers, in the brand's unit. */
export const DISTANCES = [5, 10, 25, 50, 100, 250] as const
export const SORTS = ['active', 'newest', 'distance'] as const

/** Draft is the search form's state; strings as the inputs hold them, '' is any. */
export type Draft = Record<FilterField, string>

export const emptyDraft: Draft = { gender: '', country: '', countryregion: '', min_age: '', max_age: '', distance: '', online: '', photo: '', new: '', sort: '' }

/** offeredFields keeps the filters a tenant's search_fields allow, in form order. */
export function offeredFields(searchFields: readonly string[] | null | undefined): FilterField[] {
  const set = new Set(searchFields ?? [])
  return FILTER_FIELDS.filter((f) => set.has(f))
}

/** pageOf reads the page number of the URL: a whole number from 1, else 1. */
export function pageOf(params: URLSearchParams): number {
  const n = Number(params.get('page'))
  return Number.isInteger(n) && n >= 1 ? n : 1
}

/**
 * apiQuery is the members.php query of the URL: only offered filters, the
 * page and the page size. A gender present but empty asks for everyone;
 * absent, the engine uses what the member seeks.
 */
export function apiQuery(params: URLSearchParams, fields: readonly FilterField[]): Query {
  const q: Query = {}
  for (const f of fields) {
    const v = params.get(f)
    if (v === null) continue
    if (v === '' && f !== 'gender') continue
    q[f] = v
  }
  // A later page is the cursor of the one before (keyset paging).
  const after = params.get('after')
  if (after) q.after = after
  else q.page = pageOf(params)
  q.per_page = PER_PAGE
  return q
}

/** draftOf fills the form from the URL, then from the search the engine ran (its defaults). */
export function draftOf(
  params: URLSearchParams,
  ran?: Partial<Record<FilterField, string | number | boolean>> | null,
  ageLimits?: { min: number; max: number } | null,
): Draft {
  const pick = (f: FilterField): string => {
    const v = params.get(f)
    if (v !== null) return v
    const r = ran?.[f]
    if (r === true) return '1'
    if (f === 'sort' && r === 'active') return ''
    if ((f === 'min_age' || f === 'max_age') && (r === undefined || r === 0) && ageLimits) {
      // The age boxes start from the brand's limits.
      return String(f === 'min_age' ? ageLimits.min : ageLimits.max)
    }
    return r === undefined || r === null || r === 0 || r === false ? '' : String(r)
  }
  const d = { ...emptyDraft }
  for (const f of FILTER_FIELDS) d[f] = pick(f)
  return d
}

export type DraftErrors = Partial<Record<FilterField, 'age' | 'order'>>

/** validateDraft checks the ages: whole numbers from minAge to 99, from not above to. */
export function validateDraft(d: Draft, minAge = DEFAULT_MIN_AGE): DraftErrors {
  const errors: DraftErrors = {}
  const age = (s: string) => {
    if (s.trim() === '') return null
    const n = Number(s)
    return Number.isInteger(n) && n >= minAge && n <= MAX_AGE ? n : NaN
  }
  const lo = age(d.min_age)
  const hi = age(d.max_age)
  if (Number.isNaN(lo)) errors.min_age = 'age'
  if (Number.isNaN(hi)) errors.max_age = 'age'
  if (lo !== null && hi !== null && !Number.isNaN(lo) && !Number.isNaN(hi) && lo > hi) errors.max_age = 'order'
  return errors
}

/**
 * searchParams is the URL of a submitted form: the offered filters (gender
 * always, so "everyone" stays everyone) and no page, so a new search starts
 * on page 1.
 */
export function searchParams(d: Draft, fields: readonly FilterField[]): URLSearchParams {
  const next = new URLSearchParams()
  for (const f of fields) {
    const v = d[f].trim()
    if (f === 'gender' || (v !== '' && !(f === 'sort' && v === 'active'))) next.set(f, f === 'country' || f === 'countryregion' ? v.toUpperCase() : v)
  }
  // A region names its country (ISO 3166-2); a region of another country is dropped.
  const region = next.get('countryregion')
  const country = next.get('country')
  if (region && country && !region.startsWith(`${country}-`)) next.delete('countryregion')
  return next
}

/** withCursor is the URL of the page after the one shown: its cursor and number. */
export function withCursor(params: URLSearchParams, next: string, page: number): URLSearchParams {
  const out = new URLSearchParams(params)
  out.set('after', next)
  out.set('page', String(page))
  return out
}

const SAVED_KEY = 'rdv.lastSearch'

/**
 * The member's last search is kept in the browser (localStorage), per
 * site: it is a preference of this device, needs no call and no stored
 * data about the member on the server, and goes when they clear the
 * browser. Only the filters are kept, never a page.
 */
export function saveSearch(params: URLSearchParams): void {
  const keep = new URLSearchParams()
  for (const f of FILTER_FIELDS) {
    const v = params.get(f)
    if (v !== null) keep.set(f, v)
  }
  try {
    globalThis.localStorage?.setItem(SAVED_KEY, keep.toString())
  } catch {
    // Storage full or blocked: the search simply is not remembered.
  }
}

/** savedSearch is the last search kept, or null. */
export function savedSearch(): URLSearchParams | null {
  try {
    const raw = globalThis.localStorage?.getItem(SAVED_KEY)
    return raw ? new URLSearchParams(raw) : null
  } catch {
    return null
  }
}
