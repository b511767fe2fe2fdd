import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { matchRoutes } from 'react-router'
import { routeTable } from './routeTable'
import { MEMBERS_AREA, pathFor } from './routePaths'
import { enginePattern } from '../../scripts/preloadList'

// engine/webapp/routes.go answers these paths with index.html and 200.
const goFile = readFileSync(join(__dirname, '../../../engine/webapp/routes.go'), 'utf8')
const block = goFile.slice(goFile.indexOf('var appRoutes'), goFile.indexOf('}\n', goFile.indexOf('var appRoutes')))
const engineRoutes = [...block.matchAll(/"(\/[^"]*)"/g)].map((m) => m[1])

/** sample turns an engine pattern into concrete paths. */
function samples(pattern: string): string[] {
  const segs = pattern.split('/').filter(Boolean)
  const fill = (s: string[]) => '/' + s.map((x) => (x === '*' ? '42' : x)).join('/')
  if (segs.at(-1) === '?') {
    const head = segs.slice(0, -1)
    return [fill(head), fill([...head, 'some-slug'])]
  }
  return [fill(segs)]
}

const routes = routeTable.map((r) => ({ path: r.path, id: r.name }))

describe('route table', () => {
  it("names each route in the engine's syntax as the engine lists it (dist/preload.json is keyed by it)", () => {
    expect(enginePattern('/members/:id/landing2/:slug?')).toBe('/members/*/landing2/?')
    expect(routeTable.map((r) => enginePattern(r.path)).filter((p) => !engineRoutes.includes(p))).toEqual([])
  })

  it('covers every engine route with a page', () => {
    expect(engineRoutes.length).toBeGreaterThan(40)
    const unmatched = engineRoutes.flatMap(samples).filter((p) => !matchRoutes(routes, p))
    expect(unmatched).toEqual([])
  })

  it('has no page the engine would answer with 404', () => {
    const enginePatterns = engineRoutes.map((r) => r.split('/').filter(Boolean))
    const matchesEngine = (path: string) => {
      const segs = path.split('/').filter(Boolean)
      return enginePatterns.some((pat) => {
        const opt = pat.at(-1) === '?'
        const p = opt ? pat.slice(0, -1) : pat
        if (!(segs.length === p.length || (opt && segs.length === p.length + 1))) return false
        return p.every((s, i) => s === '*' || s === segs[i])
      })
    }
    const samplesOfApp = routeTable.flatMap((r) => {
      const withParams = r.path.replace(/:\w+\?/g, 'opt').replace(/:\w+/g, '7')
      const without = r.path.replace(/\/:\w+\?/g, '')
      return [withParams, without]
    })
    expect(samplesOfApp.filter((p) => !matchesEngine(p))).toEqual([])
  })

  it('picks the right page for look-alike paths', () => {
    const name = (p: string) => matchRoutes(routes, p)?.at(-1)?.route.id
    expect(name('/credits/repeat-order')).toBe('credits-repeat-order')
    expect(name('/credits/12/ideal')).toBe('credits-id-paymentmethod')
    expect(name('/likes/m/5')).toBe('likes-m-id')
    expect(name('/likes/matches')).toBe('likes-type')
    expect(name('/reset-password/do')).toBe('reset-password-do')
    expect(name('/members/5/landing2')).toBe('members-id-landing2-slug')
    expect(name('/terms')).toBe('token-terms')
  })

  it('uses the four layouts: default, chat, lander, empty', () => {
    const layout = (n: string) => routeTable.find((r) => r.name === n)?.layout
    expect(layout('chats')).toBe('chat')
    expect(layout('members-id-landing')).toBe('lander')
    expect(layout('signup')).toBe('empty')
    expect(layout('members')).toBe('default')
    expect([...MEMBERS_AREA]).toEqual(['members', 'members-id', 'chats', 'likes', 'likes-m-id', 'premium'])
  })

  it('builds paths from route names', () => {
    expect(pathFor('credits')).toBe('/credits')
    expect(pathFor('credits-id-paymentmethod', { id: 3 })).toBe('/credits/3')
    expect(pathFor('credits-id-paymentmethod', { id: 3, paymentmethod: 'ideal' })).toBe('/credits/3/ideal')
    expect(() => pathFor('members-id')).toThrow()
  })
})
