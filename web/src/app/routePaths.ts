// What the pages beyond the first screen ask of the route table: the paths
// of route names, the info page of a path, the members area (apart from
// routeTable.ts, which the shell every page loads holds).
import { INFO_PAGES, routeTable, type InfoPage } from './routeTable'

/** The members area. */
export const MEMBERS_AREA = new Set(['members', 'members-id', 'chats', 'likes', 'likes-m-id', 'premium'])

/** pathFor builds the path of a route name with its parameters. */
export function pathFor(name: string, params: Record<string, string | number> = {}): string {
  const def = routeTable.find((r) => r.name === name)
  if (!def) throw new Error(`unknown route ${name}`)
  return (
    def.path
      .split('/')
      .map((seg) => {
        if (!seg.startsWith(':')) return seg
        const key = seg.slice(1).replace(/\?$/, '')
        const v = params[key]
        if (v === undefined) {
          if (seg.endsWith('?')) return null
          throw new Error(`route ${name} needs ${key}`)
        }
        return encodeURIComponent(String(v))
      })
      .filter((s) => s !== null)
      .join('/') || '/'
  )
}

/** infoPageOf tells which info page a path shows. */
export function infoPageOf(pathname: string): InfoPage | null {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? ''
  return (INFO_PAGES as readonly string[]).includes(last) ? (last as InfoPage) : null
}
