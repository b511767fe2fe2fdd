// The build's dist/preload.json: for each member-app route (in the engine's
// pattern syntax, engine/webapp/routes.go) the chunks of its page beyond those
// index.html loads anyway, and for each language the chunks of its catalogue:
// the first part for every page, the rest for the pages beyond the first
// screen's areas (scripts/catalogues.ts).
// The engine names them in index.html (<link rel="modulepreload">), so the
// browser fetches a page's code and texts with the app's own code instead of
// after it has run (one round trip less before the first paint).
import type { Plugin } from 'vite'
import { pageAreas, pageEndFirst, routeTable, type PageArea } from '../src/app/routeTable.ts'
import { partOf } from './catalogues.ts'
import { homeVariants } from '../src/theme/layout.ts'

/** Chunk is what the plugin reads of an output chunk. */
interface Chunk {
  type: 'chunk'
  fileName: string
  facadeModuleId: string | null
  isEntry: boolean
  imports: string[]
  modules: Record<string, unknown>
}

/** PreloadList is dist/preload.json. */
export interface PreloadList {
  /** routes maps an engine route pattern ("/members/*", "/credits/*\/?") to its page's chunks (with the page's end where its first render draws it). */
  routes: Record<string, string[]>
  /** locales maps a language to the chunks of its catalogue's first part, which every page needs. */
  locales: Record<string, string[]>
  /** restLocales maps a language to the chunks of the rest of its catalogue, which the pages of firstRoutes do without. */
  restLocales: Record<string, string[]>
  /** firstRoutes are the routes (as in routes) whose pages need only the first part of the catalogue. */
  firstRoutes: string[]
  /** member are the chunks a logged-in member's first render needs beyond the page's (src/main.tsx preloads them). */
  member: string[]
  /** layoutVariants maps a layout choice drawn by chunks of its own to the routes whose pages draw it (none: every page) and each variant's chunks beyond those. */
  layoutVariants: Record<string, { routes: string[]; chunks: Record<string, string[]> }>
}

/**
 * layoutChoices are the choices of a brand's layout (theme/layout.ts) whose
 * variants are chunks of their own: a folder with one module per variant,
 * named as the variant, and the page areas that draw it (none: every
 * page). The engine names the chunks of the brand's variant in its pages
 * (engine/webapp's chunksOf), so they come with the page's code.
 */
export const layoutChoices: Record<string, { dir: string; names: readonly string[]; areas?: PageArea[] }> = {
  home: { dir: '/src/pages/home/variants/', names: homeVariants, areas: ['home'] },
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

/**
 * strayShellModules are the modules of the member app's shell chunk that
 * src/main.tsx does not import statically: the shell is what every page
 * loads before its first render, and the console's entry, which loads its
 * own shared modules at once too, must not add to it.
 */
export function strayShellModules(chunks: Chunk[], main: Chunk, importedIds: (id: string) => readonly string[]): string[] {
  const shell = chunks.find((c) => /^assets\/shell-/.test(c.fileName))
  if (!shell || !main.facadeModuleId) return []
  const reached = new Set<string>()
  const walk = [main.facadeModuleId]
  while (walk.length > 0) {
    const id = walk.pop()!
    if (reached.has(id)) continue
    reached.add(id)
    walk.push(...importedIds(id))
  }
  return Object.keys(shell.modules).filter((id) => !reached.has(id))
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
      const strays = strayShellModules(chunks, main, (id) => this.getModuleInfo(id)?.importedIds ?? [])
      if (strays.length > 0) {
        this.error(`the shell chunk holds modules src/main.tsx does not import (add them to vite.config.ts's consoleShares): ${strays.map((id) => id.slice(id.indexOf('/src/') + 1)).join(', ')}`)
      }
      const areaChunk = (area: string) => chunks.find((c) => c.facadeModuleId?.endsWith(`/src/pages/${area}/index.ts`))
      // The page's end (disclaimer and footer), which most pages draw in their first render.
      const pageEnd = chunks.find((c) => c.facadeModuleId?.endsWith('/src/layouts/parts/PageEnd.tsx'))
      if (!pageEnd) this.error('no chunk of its own for src/layouts/parts/PageEnd.tsx (loaded with import() in layouts/parts/pageEndLater.ts)')
      const list: PreloadList = { routes: {}, locales: {}, restLocales: {}, firstRoutes: [], member: [], layoutVariants: {} }
      for (const r of routeTable) {
        const area = pageAreas[r.page]
        const chunk = areaChunk(area)
        if (!chunk) continue
        const pattern = enginePattern(r.path)
        const files = closure(chunk.fileName, byFile, inIndex)
        if (pageEndFirst(r)) for (const f of closure(pageEnd.fileName, byFile, inIndex)) if (!files.includes(f)) files.push(f)
        list.routes[pattern] = files.map((f) => `/${f}`)
        // The home's area alone loads no page texts (src/app/pages.ts).
        if (area === 'home') list.firstRoutes.push(pattern)
      }
      for (const [choice, { dir, names, areas }] of Object.entries(layoutChoices)) {
        // A variant's chunks beyond the page's own, which the page names already.
        const skip = new Set(inIndex)
        for (const area of areas ?? []) {
          const chunk = areaChunk(area)
          if (chunk) for (const f of closure(chunk.fileName, byFile, inIndex)) skip.add(f)
        }
        const routes = routeTable.filter((r) => areas?.includes(pageAreas[r.page])).map((r) => enginePattern(r.path))
        const variants: Record<string, string[]> = {}
        for (const c of chunks) {
          const m = c.facadeModuleId?.match(/(\/src\/.*\/)([\w-]+)\.tsx?$/)
          if (m && m[1].endsWith(dir)) variants[m[2]] = closure(c.fileName, byFile, skip).map((f) => `/${f}`)
        }
        const missing = names.filter((n) => !variants[n])
        if (missing.length > 0) this.error(`layout ${choice}: no chunk of its own for ${missing.join(', ')} (a module ${dir}<variant>.tsx loaded with import())`)
        list.layoutVariants[choice] = { routes, chunks: variants }
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
