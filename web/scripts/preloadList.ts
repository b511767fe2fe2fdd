// The build's dist/preload.json: for each member-app route (in the engine's
// pattern syntax, engine/webapp/routes.go) the chunks of its page beyond those
// index.html loads anyway, and for each language the chunks of its catalogue:
// the first part for every page, the rest for the pages beyond the first
// screen's areas (scripts/catalogues.ts).
// The engine names them in index.html (<link rel="modulepreload">), so the
// browser fetches a page's code and texts with the app's own code instead of
// after it has run (one round trip less before the first paint).
import type { Plugin } from 'vite'
import { pageAreas, routeTable } from '../src/app/routeTable.ts'
import { partOf } from './catalogues.ts'

/** Chunk is what the plugin reads of an output chunk. */
interface Chunk {
  type: 'chunk'
  fileName: string
  facadeModuleId: string | null
  isEntry: boolean
  imports: string[]
}

/** PreloadList is dist/preload.json. */
export interface PreloadList {
  /** routes maps an engine route pattern ("/members/*", "/credits/*\/?") to its page's chunks. */
  routes: Record<string, string[]>
  /** locales maps a language to the chunks of its catalogue's first part, which every page needs. */
  locales: Record<string, string[]>
  /** restLocales maps a language to the chunks of the rest of its catalogue, which the pages of firstRoutes do without. */
  restLocales: Record<string, string[]>
  /** firstRoutes are the routes (as in routes) whose pages need only the first part of the catalogue. */
  firstRoutes: string[]
  /** member are the chunks a logged-in member's first render needs beyond the page's (src/main.tsx preloads them). */
  member: string[]
}

/** enginePattern turns a route path of routeTable ("/members/:id/landing2/:slug?") into the engine's syntax ("/members/*\/landing2/?"). */
export function enginePattern(path: string): string {
  return path
    .split('/')
    .map((seg) => (seg.startsWith(':') ? (seg.endsWith('?') ? '?' : '*') : seg))
    .join('/')
}

/** closure is file and the chunks it imports statically, less those of skip. */
function closure(file: string, byFile: Map<string, Chunk>, skip: Set<string>): string[] {
  const out: string[] = []
  const walk = (f: string) => {
    if (skip.has(f) || out.includes(f)) return
    out.push(f)
    for (const i of byFile.get(f)?.imports ?? []) walk(i)
  }
  walk(file)
  return out
}

/** preloadList is the Vite plugin that writes dist/preload.json. */
export function preloadList(): Plugin {
  return {
    name: 'rendezvous-preload-list',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Chunk & (typeof bundle)[string] => c.type === 'chunk') as unknown as Chunk[]
      const byFile = new Map(chunks.map((c) => [c.fileName, c]))
      const main = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('/index.html'))
      if (!main) return
      // What index.html loads anyway: the entry and its static imports.
      const inIndex = new Set(closure(main.fileName, byFile, new Set()))
      const areaChunk = (area: string) => chunks.find((c) => c.facadeModuleId?.endsWith(`/src/pages/${area}/index.ts`))
      const list: PreloadList = { routes: {}, locales: {}, restLocales: {}, firstRoutes: [], member: [] }
      for (const r of routeTable) {
        const area = pageAreas[r.page]
        const chunk = areaChunk(area)
        if (!chunk) continue
        const pattern = enginePattern(r.path)
        list.routes[pattern] = closure(chunk.fileName, byFile, inIndex).map((f) => `/${f}`)
        // The home's area alone loads no page texts (src/app/pages.ts).
        if (area === 'home') list.firstRoutes.push(pattern)
      }
      const memberParts = ['/src/app/memberParts.tsx', '/src/layouts/parts/AlertBanners.tsx']
      for (const c of chunks.filter((c) => memberParts.some((m) => c.facadeModuleId?.endsWith(m)))) {
        for (const f of closure(c.fileName, byFile, inIndex)) if (!list.member.includes(`/${f}`)) list.member.push(`/${f}`)
      }
      for (const c of chunks) {
        const p = c.facadeModuleId ? partOf(c.facadeModuleId) : null
        if (!p) continue
        const files = closure(c.fileName, byFile, inIndex).map((f) => `/${f}`)
        ;(p.part === 'first' ? list.locales : list.restLocales)[p.locale] = files
      }
      this.emitFile({ type: 'asset', fileName: 'preload.json', source: JSON.stringify(list, null, 1) + '\n' })
    },
  }
}
