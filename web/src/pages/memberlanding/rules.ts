// Rules of the member landings that need no React: which design a route
// shows, which copy variant its slug selects, and where its button leads.

/** DESIGNS are the three landings: /landing, /landing2/{slug?}, /landing3/{slug?}. */
export const DESIGNS = ['spotlight', 'chat', 'match'] as const
export type Design = (typeof DESIGNS)[number]

/** designOf is the design of a landing's path (/members/{id}/landing2/summer: chat). */
export function designOf(pathname: string): Design {
  const seg = pathname.split('/').filter(Boolean)[2] ?? ''
  if (seg === 'landing2') return 'chat'
  if (seg === 'landing3') return 'match'
  return 'spotlight'
}

/** VARIANTS are the copy variants a slug selects for A/B tests. */
export const VARIANTS = ['a', 'b'] as const
export type Variant = (typeof VARIANTS)[number]

/**
 * variantOf is the copy variant of a slug: the slug names it ('a', 'b', any
 * case); no slug, or one that names no variant (an affiliate's own campaign
 * name), shows variant a, so a link never breaks.
 */
export function variantOf(slug: string | undefined): Variant {
  const s = (slug ?? '').trim().toLowerCase()
  return (VARIANTS as readonly string[]).includes(s) ? (s as Variant) : 'a'
}

/**
 * signupPath is where a landing's button leads: the member's signup page,
 * whose first step is the message to the member, with the landing's query
 * (the affiliate's network, ref and subs) kept.
 */
export const signupPath = (id: number, search: string): string => `/members/${id}/signup${search}`
