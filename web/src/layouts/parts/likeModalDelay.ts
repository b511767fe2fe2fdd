/**
 * likeModalDelay reads the query parameter t: a positive number of seconds
 * opens the like modal after that delay (in ms); anything else is null.
 */
export function likeModalDelay(t: string | null): number | null {
  if (t === null || t.trim() === '') return null
  const n = Number(t)
  return Number.isFinite(n) && n > 0 ? n * 1000 : null
}
