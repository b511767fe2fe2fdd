import { describe, expect, it } from 'vitest'
import { initI18n } from '../i18n/i18n'
import { areas, pageExport } from './pages'
import { pageAreas, pageEndFirst, routeTable, type PageKey } from './routeTable'

describe('the pages', () => {
  it("are each exported by its area's chunk under its key's name", async () => {
    await initI18n('en')
    const missing: string[] = []
    for (const key of Object.keys(pageAreas) as PageKey[]) {
      const area: Record<string, unknown> = await areas[pageAreas[key]]()
      if (typeof area[pageExport(key)] !== 'function') missing.push(`${pageAreas[key]}: ${pageExport(key)}`)
    }
    expect(pageExport('likeProfile')).toBe('LikeProfilePage')
    expect(missing).toEqual([])
  }, 30_000)

  it("draw the page's end in their first render, but for the home and the layouts without it", () => {
    const first = (path: string) => pageEndFirst(routeTable.find((r) => r.path === path)!)
    expect(first('/')).toBe(false)
    expect(first('/login')).toBe(true)
    expect(first('/members/:id/landing')).toBe(true)
    expect(first('/chats')).toBe(false)
    expect(first('/signup')).toBe(false)
  })
})
