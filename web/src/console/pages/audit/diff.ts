// A readable diff of an audit row's before and after: both JSON values are
// flattened to dotted paths (settings.min_age, roles[0].role) and compared
// path by path.

export interface DiffLine {
  path: string
  before?: string
  after?: string
  change: 'added' | 'removed' | 'changed'
}

/** flatten turns a JSON value into path -> printed leaf; an empty object or list is a leaf. */
export function flatten(value: unknown, path = '', out: Map<string, string> = new Map()): Map<string, string> {
  if (Array.isArray(value) && value.length > 0) {
    value.forEach((v, i) => flatten(v, `${path}[${i}]`, out))
  } else if (value !== null && typeof value === 'object' && Object.keys(value).length > 0) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) flatten(v, path ? `${path}.${k}` : k, out)
  } else if (value !== undefined) {
    out.set(path || '(value)', typeof value === 'string' ? value : JSON.stringify(value))
  }
  return out
}

/** diff answers the paths that differ between before and after (null or absent counts as nothing), in path order, and how many are the same. */
export function diff(before: unknown, after: unknown): { lines: DiffLine[]; same: number } {
  const b = before === null || before === undefined ? new Map<string, string>() : flatten(before)
  const a = after === null || after === undefined ? new Map<string, string>() : flatten(after)
  const paths = [...new Set([...b.keys(), ...a.keys()])].sort()
  const lines: DiffLine[] = []
  let same = 0
  for (const path of paths) {
    const was = b.get(path)
    const now = a.get(path)
    if (was === now) {
      same++
    } else if (was === undefined) {
      lines.push({ path, after: now, change: 'added' })
    } else if (now === undefined) {
      lines.push({ path, before: was, change: 'removed' })
    } else {
      lines.push({ path, before: was, after: now, change: 'changed' })
    }
  }
  return { lines, same }
}
