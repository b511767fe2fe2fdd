// The catalogue modules of the member app (src/i18n/i18n.ts). A language's
// catalogue is the shell's file (src/i18n/locales) and the files of the page
// areas (src/pages/<area>/locales); it comes in two parts, each one chunk:
//   - first: what the first screen says (the shell and the home), fetched with
//     the app's code (dist/preload.json);
//   - rest: the other page areas, fetched with the first page beyond the home
//     and with a member's parts (src/app/member.ts): the member's banners,
//     pop-ups and modals say texts of it (the banners' and the time bonus's
//     in the account and credits areas' files, the like pop-ups' in the
//     likes area's).
// So the home loads one language's first part, not every language's and every
// page's texts (about 14 kB of gzipped JavaScript less before the first render).
//
// virtual:rdv-catalogues exports `catalogues`: per language, a loader of each
// part; virtual:rdv-catalogue/<lang>/<part> is a part, its files' trees in
// order (shell first).
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'

/** firstAreas are the page areas whose texts the first screen needs. */
export const firstAreas = ['home'] as const

/** CataloguePart names a part of a language's catalogue. */
export type CataloguePart = 'first' | 'rest'

const tableId = 'virtual:rdv-catalogues'
const partPrefix = 'virtual:rdv-catalogue/'

/** catalogueLocales are the languages with a shell catalogue under src. */
export function catalogueLocales(src: string): string[] {
  return readdirSync(join(src, 'i18n/locales'))
    .filter((f) => /^[a-z]{2}\.json$/.test(f))
    .map((f) => f.slice(0, 2))
    .sort()
}

/** partFiles are the catalogue files of one part of a language, the shell's first. */
export function partFiles(src: string, locale: string, part: CataloguePart): string[] {
  const areas = readdirSync(join(src, 'pages'))
    .filter((area) => (firstAreas as readonly string[]).includes(area) === (part === 'first'))
    .sort()
    .map((area) => join(src, 'pages', area, 'locales', `${locale}.json`))
  return [...(part === 'first' ? [join(src, 'i18n/locales', `${locale}.json`)] : []), ...areas].filter((f) => existsSync(f))
}

/** partOf reads a part's module id ("\0virtual:rdv-catalogue/nl/first"), or null. */
export function partOf(id: string): { locale: string; part: CataloguePart } | null {
  const m = id.match(/^\0?virtual:rdv-catalogue\/([a-z]{2})\/(first|rest)$/)
  return m ? { locale: m[1], part: m[2] as CataloguePart } : null
}

/** catalogues is the Vite plugin of the catalogue modules. */
export function catalogues(src: string): Plugin {
  return {
    name: 'rendezvous-catalogues',
    resolveId(id) {
      if (id === tableId || partOf(id)) return '\0' + id
      return null
    },
    load(id) {
      if (id === '\0' + tableId) {
        const rows = catalogueLocales(src).map(
          (l) => `  ${l}: { first: () => import('${partPrefix}${l}/first'), rest: () => import('${partPrefix}${l}/rest') },`,
        )
        return `export const catalogues = {\n${rows.join('\n')}\n}\n`
      }
      const p = partOf(id)
      if (!p) return null
      const files = partFiles(src, p.locale, p.part)
      const imports = files.map((f, i) => `import p${i} from ${JSON.stringify(f)}`)
      return `${imports.join('\n')}\nexport default [${files.map((_, i) => `p${i}`).join(', ')}]\n`
    },
  }
}
