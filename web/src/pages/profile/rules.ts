// Rules of the profile page that need no React: photo order, the photo
// limit, the field options and the changed fields of an edit.
import type { OwnProfile, ProfileOptions, ProfileUpdate } from './api'

/** Photo limits: free members up to 3 photos, premium up to 25. */
export const FREE_PHOTO_LIMIT = 3
export const PREMIUM_PHOTO_LIMIT = 25

/** moveItem returns list with the item at from moved to index to. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list]
  if (from < 0 || from >= out.length) return out
  const target = Math.max(0, Math.min(out.length - 1, to))
  const [item] = out.splice(from, 1)
  out.splice(target, 0, item)
  return out
}

/** moveToFront puts the item with id first (the main photo leads the order). */
export function moveToFront<T extends { id: number }>(list: readonly T[], id: number): T[] {
  const i = list.findIndex((p) => p.id === id)
  return i < 0 ? [...list] : moveItem(list, i, 0)
}

export type LimitState =
  /** room: more photos may be added. */
  | { kind: 'room'; left: number }
  /** free: a free member at the free limit; premium allows more. */
  | { kind: 'free'; limit: number }
  /** max: a premium member at the premium limit. */
  | { kind: 'max'; limit: number }

/**
 * limitState tells whether the member may add photos: count is the photos
 * held plus the uploads running, limit the server's photo_limit.
 */
export function limitState(count: number, limit: number, paid: boolean): LimitState {
  if (count < limit) return { kind: 'room', left: limit - count }
  return paid || limit >= PREMIUM_PHOTO_LIMIT ? { kind: 'max', limit } : { kind: 'free', limit }
}

/** Enumerated fields whose "not told" ('') the server accepts. */
export const OPTIONAL_ENUMS = new Set(['hair_color', 'eye_color', 'body_type', 'relationship_status', 'tattoos'])

/** The enumerated fields in the order the form shows them. */
export const ENUM_FIELDS = ['gender', 'seeking', 'sexuality', 'hair_color', 'eye_color', 'body_type', 'relationship_status', 'tattoos'] as const
export type EnumField = (typeof ENUM_FIELDS)[number]

/**
 * fieldOptions are the values a select offers for field: the server's
 * options, '' first for an optional field, and the current value kept when
 * the server no longer lists it (so an edit does not silently change it).
 */
export function fieldOptions(options: ProfileOptions | undefined, field: string, current = ''): string[] {
  const list = [...(options?.[field] ?? [])]
  if (current && !list.includes(current)) list.unshift(current)
  if (OPTIONAL_ENUMS.has(field) || !current) list.unshift('')
  return [...new Set(list)]
}

/** The fields a member edits, in the form's order. */
export const EDIT_FIELDS = [
  'name',
  'gender',
  'seeking',
  'sexuality',
  'date_of_birth',
  'country',
  'region',
  'city',
  'interests',
  'hair_color',
  'eye_color',
  'body_type',
  'relationship_status',
  'tattoos',
  'about_me',
  'invisible',
] as const satisfies ReadonlyArray<keyof ProfileUpdate>

export type Draft = Required<ProfileUpdate>

/** draftOf is the editable part of a profile. */
export function draftOf(p: OwnProfile): Draft {
  return {
    name: p.name ?? '',
    gender: p.gender ?? '',
    seeking: p.seeking ?? '',
    sexuality: p.sexuality ?? '',
    date_of_birth: (p.date_of_birth ?? '').slice(0, 10),
    country: p.country ?? '',
    region: p.region ?? '',
    city: p.city ?? '',
    interests: [...(p.interests ?? [])],
    hair_color: p.hair_color ?? '',
    eye_color: p.eye_color ?? '',
    body_type: p.body_type ?? '',
    relationship_status: p.relationship_status ?? '',
    tattoos: p.tattoos ?? '',
    about_me: p.about_me ?? '',
    invisible: !!p.invisible,
  }
}

const same = (a: unknown, b: unknown): boolean =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && [...(a as unknown[])].sort().join() === [...(b as unknown[])].sort().join() : a === b

/** changes lists only the fields of draft that differ from the saved ones. */
export function changes(saved: Draft, draft: Draft): ProfileUpdate {
  const out: Record<string, unknown> = {}
  for (const f of EDIT_FIELDS) {
    if (!same(saved[f], draft[f])) out[f] = draft[f]
  }
  if ('country' in out && !('region' in out)) out.region = draft.region
  return out
}

/** toggleInterest adds or removes id, keeping at most max interests. */
export function toggleInterest(list: readonly number[], id: number, max = 10): number[] {
  if (list.includes(id)) return list.filter((i) => i !== id)
  return list.length >= max ? [...list] : [...list, id]
}

/** The upload errors the page explains in its own words. */
const PHOTO_ERRORS = new Set([
  'photo_not_image',
  'photo_format_unsupported',
  'photo_too_big',
  'photo_dimensions',
  'photo_too_small',
  'photo_broken',
])

/** photoErrorKey is the catalogue key of an upload error code, or null (use the server's text). */
export const photoErrorKey = (code: string): string | null => (PHOTO_ERRORS.has(code) ? `profile.photoErrors.${code}` : null)

/** A 422 of profile.php: error, message, field and fields. */
export interface FieldProblem {
  field: string
  error: string
  message: string
}

/** fieldProblems reads every bad field of a 422 answer, first field first. */
export function fieldProblems(code: string, message: string, fields: Record<string, unknown>): FieldProblem[] {
  const list = Array.isArray(fields.fields) ? (fields.fields as FieldProblem[]) : []
  if (list.length > 0) return list.filter((f) => f && typeof f.field === 'string')
  return typeof fields.field === 'string' ? [{ field: fields.field, error: code, message }] : []
}
