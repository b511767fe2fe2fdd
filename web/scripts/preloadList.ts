// The build's dist/preload.json: for each member-app route (in the engine's
// pattern syntax, engine/webapp/routes.go) the chunks of its page beyond those
// index.html loads anyway, and for each language the chunks of its catalogue.
// The engine names them in index.html (<link rel="modulepreload">), so the
// browser fetches a page's code and texts with the app's own code instead of
// after it has run (one round trip less before the first paint).
import type { Plugin } from 'vite'
import { pageAreas, routeTable } from '../src/app/routeTable.ts'

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
  /** locales maps a language to its catalogue's chunks (none for en: its catalogue is in the entry). */
  locales: Record<string, string[]>
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
      const list: PreloadList = { routes: {}, locales: {} }
      for (const r of routeTable) {
        const chunk = areaChunk(pageAreas[r.page])
        if (chunk) list.routes[enginePattern(r.path)] = closure(chunk.fileName, byFile, inIndex).map((f) => `/${f}`)
      }
      for (const c of chunks) {
        const m = c.facadeModuleId?.match(/\/src\/(?:i18n|pages\/[^/]+)\/locales\/([a-z]{2})\.json$/)
        if (m && !inIndex.has(c.fileName)) (list.locales[m[1]!] ??= []).push(`/${c.fileName}`)
      }
      this.emitFile({ type: 'asset', fileName: 'preload.json', source: JSON.stringify(list, null, 1) + '\n' })
    },
  }
}
