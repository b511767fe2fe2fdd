import { describe, expect, it } from 'vitest'
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, tryChunkReload } from './chunkReload'

function memory() {
  const m = new Map<string, string>()
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) }
}

describe('chunk reload guard', () => {
  it('reloads once, then not again within 60 s', () => {
    const s = memory()
    expect(CHUNK_RELOAD_GUARD_MS).toBe(60_000)
    expect(tryChunkReload(s, 1_000_000)).toBe(true)
    expect(tryChunkReload(s, 1_000_000 + 1)).toBe(false)
    expect(tryChunkReload(s, 1_000_000 + 59_999)).toBe(false)
    expect(tryChunkReload(s, 1_000_000 + 60_000)).toBe(true)
    expect(tryChunkReload(s, 1_000_000 + 60_001)).toBe(false)
  })

  it('does not reload when it cannot remember the reload', () => {
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota')
      },
    }
    expect(tryChunkReload(broken, 5)).toBe(false)
  })

  it('recognises failed dynamic imports only', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true)
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true)
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false)
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false)
  })
})
