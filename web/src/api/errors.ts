/**
 * errorMessage finds the message of an error, falling back to a nested one
 * (error.error.message, error.data.message, error.response.data.message) and
 * then to fallback.
 */
export function errorMessage(err: unknown, fallback: string): string {
  const seen = new Set<unknown>()
  const walk = (v: unknown, depth: number): string | null => {
    if (!v || typeof v !== 'object' || seen.has(v) || depth > 4) return typeof v === 'string' && v ? v : null
    seen.add(v)
    const o = v as Record<string, unknown>
    if (typeof o.message === 'string' && o.message) return o.message
    for (const k of ['error', 'data', 'response', 'cause']) {
      const found = walk(o[k], depth + 1)
      if (found) return found
    }
    return null
  }
  return walk(err, 0) ?? fallback
}

/** errorStatus is the statusCode of an error, 500 by default. */
export function errorStatus(err: unknown): number {
  if (err && typeof err === 'object') {
    const o = err as Record<string, unknown>
    for (const k of ['statusCode', 'status']) {
      if (typeof o[k] === 'number') return o[k]
    }
  }
  return 500
}
