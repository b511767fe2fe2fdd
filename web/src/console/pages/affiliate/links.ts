// The affiliate's link builder: a tracking link to one of the brand's
// landers with the parameters the engine reads (network, ref, sub1..sub3,
// niche) and lb, which asks the page to report bounces.

export interface LinkChoice {
  baseUrl: string
  lander: string
  /** slug is the lander's A/B variant or campaign name (letters, digits, dashes); empty for none. */
  slug: string
  /** niche is 1 to 7, or 0 for the brand's own. */
  niche: number
  network: string
  ref: string
  sub1: string
  sub2: string
  sub3: string
  /** bounces adds lb, so that the visit's bounce is measured. */
  bounces: boolean
}

/** slugOf keeps a slug's letters, digits and dashes: what the engine records as the variant. */
export function slugOf(s: string): string {
  return s
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** trackingLink is the address of a lander with the choice's tracking parameters; empty values are left out. */
export function trackingLink(c: LinkChoice): string {
  const slug = slugOf(c.slug)
  const url = new URL(`/landers/${encodeURIComponent(c.lander)}${slug ? `/${slug}` : ''}`, c.baseUrl)
  const q = url.searchParams
  const values: [string, string][] = [
    ['network', c.network],
    ['ref', c.ref],
    ['sub1', c.sub1],
    ['sub2', c.sub2],
    ['sub3', c.sub3],
  ]
  for (const [k, v] of values) if (v.trim()) q.set(k, v.trim())
  if (c.niche > 0) q.set('niche', String(c.niche))
  if (c.bounces) q.set('lb', '1')
  return url.toString()
}
