// The member search's state lives in the URL query (gender, country,
// countryregion, min_age, max_age, page), so a search can be bookmarked,
// shared and walked back with the browser. These functions move it between
// the URL, the form and members.php.
import type { Query } from '../../api/http'

/** PER_PAGE: results per page (members.php allows 1 to 60). */
export const PER_PAGE = 12
export const MAX_AGE = 99
export const DEFAULT_MIN_AGE = 18
export const FILTER_FIELDS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const
export type FilterField = (typeof FILTER_FIELDS)[number]

/** Draft is the search form's state; strings as the inputs hold them, '' is any. */
export interface Draft {
  gender: string
  country: string
  countryregion: string
  min_age: string
  max_age: string
}

export const emptyDraft: Draft = { gender: '', country: '', countryregion: '', min_age: '', max_age: '' }

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
  q.page = pageOf(params)
  q.per_page = PER_PAGE
  return q
}

/** draftOf fills the form from the URL, then from the search the engine ran (its defaults). */
export function draftOf(params: URLSearchParams, ran?: Partial<Record<FilterField, string | number>> | null): Draft {
  const pick = (f: FilterField): string => {
    const v = params.get(f)
    if (v !== null) return v
    const r = ran?.[f]
    return r === undefined || r === null || r === 0 ? '' : String(r)
  }
  return { gender: pick('gender'), country: pick('country'), countryregion: pick('countryregion'), min_age: pick('min_age'), max_age: pick('max_age') }
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
    if (f === 'gender' || v !== '') next.set(f, f === 'country' || f === 'countryregion' ? v.toUpperCase() : v)
  }
  // A region names its country (ISO 3166-2); a region of another country is dropped.
  const region = next.get('countryregion')
  const country = next.get('country')
  if (region && country && !region.startsWith(`${country}-`)) next.delete('countryregion')
  return next
}

/** withPage is the URL of another page of the same search. */
export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params)
  if (page <= 1) next.delete('page')
  else next.set('page', String(page))
  return next
}

export type PageItem = number | 'gap'

/** pageWindow lists the page links: first, last and span pages around the current one. */
export function pageWindow(current: number, pages: number, span = 2): PageItem[] {
  if (pages <= 1) return []
  const out: PageItem[] = []
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - current) <= span) out.push(p)
    else if (out[out.length - 1] !== 'gap') out.push('gap')
  }
  return out
}
