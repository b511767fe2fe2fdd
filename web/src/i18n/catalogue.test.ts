import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { SUPPORTED_LOCALES } from './locale'
import { sourceFiles } from '../test/sources'

const srcDir = join(__dirname, '..')
const localeDir = join(__dirname, 'locales')

type Tree = { [k: string]: string | Tree }

const pagesDir = join(srcDir, 'pages')
const read = (file: string): Tree => JSON.parse(readFileSync(file, 'utf8')) as Tree

/** areaFiles are the page areas' catalogue files of a locale. */
const areaFiles = (l: string): string[] =>
  readdirSync(pagesDir)
    .map((area) => join(pagesDir, area, 'locales', `${l}.json`))
    .filter((f) => existsSync(f))

/** load is a locale's whole catalogue: the shell's file and the areas'. */
const load = (l: string): Tree => {
  const parts = [join(localeDir, `${l}.json`), ...areaFiles(l)].filter((f) => existsSync(f)).map(read)
  return Object.assign({}, ...parts) as Tree
}

/** flat lists a catalogue's keys with plural suffixes folded away. */
function flat(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k
    if (typeof v === 'string') out.set(key, v)
    else for (const [kk, vv] of flat(v, key)) out.set(kk, vv)
  }
  return out
}

const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '')
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*([\w.]+)/g)].map((m) => m[1]).sort()

const sources = (dir: string) => sourceFiles(dir, /\.tsx?$/).filter((p) => !p.endsWith('.d.ts'))

const en = flat(load('en'))

describe('catalogues', () => {
  it('give each page area top-level keys of its own', () => {
    for (const l of SUPPORTED_LOCALES) {
      const owners = new Map<string, string>()
      for (const file of [join(localeDir, `${l}.json`), ...areaFiles(l)]) {
        if (!existsSync(file)) continue
        for (const key of Object.keys(read(file))) {
          expect(owners.get(key), `${l}: ${key} is in ${owners.get(key)} and ${relative(srcDir, file)}`).toBeUndefined()
          owners.set(key, relative(srcDir, file))
        }
      }
    }
  })

  it('exist for all 11 locales and hold only keys that en has', () => {
    expect(SUPPORTED_LOCALES).toHaveLength(11)
    const enBases = new Set([...en.keys()].map(base))
    for (const l of SUPPORTED_LOCALES) {
      const cat = flat(load(l))
      const stray = [...cat.keys()].filter((k) => !enBases.has(base(k)))
      expect(stray, `${l} has keys en lacks`).toEqual([])
    }
  })

  it('every locale has every en key with the same placeholders', () => {
    for (const l of SUPPORTED_LOCALES.filter((l) => l !== 'en')) {
      const cat = flat(load(l))
      const catBases = new Set([...cat.keys()].map(base))
      const missing = [...en.keys()].filter((k) => !catBases.has(base(k)))
      expect(missing, `${l} lacks keys`).toEqual([])
      for (const [k, v] of cat) {
        const enValue = en.get(k) ?? en.get(`${base(k)}_other`) ?? ''
        expect(placeholders(v), `${l}: ${k}`).toEqual(placeholders(enValue))
      }
    }
  })

  it('keeps the product\'s fixed texts word for word in en', () => {
    expect(en.get('errors.notFound')).toBe('This page could not be found')
    expect(en.get('errors.backHome')).toBe('Back to the home page')
    expect(en.get('login.failed')).toBe('Login failed, please try again')
    expect(en.get('login.blocked')).toBe('Too many incorrect attempts, account blocked for {{minutes}} min.')
    expect(en.get('nav.getPremium')).toBe('Get Premium')
    expect(en.get('nav.myProfile')).toBe('My profile')
    expect(en.get('nav.settings')).toBe('Settings')
    expect(en.get('nav.logout')).toBe('Logout')
  })

  it('has every literal key the sources use', () => {
    const used = new Set<string>()
    // The operators' console has its own catalogue (src/console/locales, checked by its own tests).
    for (const file of sources(srcDir).filter((f) => !relative(srcDir, f).startsWith('console'))) {
      const text = readFileSync(file, 'utf8')
      for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z][\w.-]*)'/g)) used.add(m[1])
    }
    const enBases = new Set([...en.keys()].map(base))
    const missing = [...used].filter((k) => !enBases.has(k) && !en.has(k))
    expect(missing).toEqual([])
    expect(used.size).toBeGreaterThan(50)
  })
})

describe('source files', () => {
  it('contain no raw JSX text or hard-coded labels', () => {
    const offences: string[] = []
    const textAttrs = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label', 'accessibleLabel', 'lead'])
    for (const file of sources(srcDir).filter((f) => f.endsWith('.tsx'))) {
      const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
      const visit = (node: ts.Node) => {
        if (ts.isJsxText(node) && /\p{L}/u.test(node.text)) {
          offences.push(`${relative(srcDir, file)}: text "${node.text.trim()}"`)
        }
        if (ts.isJsxAttribute(node) && textAttrs.has(node.name.getText(sf)) && node.initializer && ts.isStringLiteral(node.initializer)) {
          if (/\p{L}/u.test(node.initializer.text)) offences.push(`${relative(srcDir, file)}: ${node.name.getText(sf)}="${node.initializer.text}"`)
        }
        ts.forEachChild(node, visit)
      }
      visit(sf)
    }
    expect(offences).toEqual([])
  })

  it('hold no leftover markers', () => {
    // Whole upper-case words, so Spanish "todos" or Italian "metodo" pass;
    // spelled in pieces so that this file does not match itself.
    const words = new RegExp(`\\b(${['TO', 'DO'].join('')}|${['FIX', 'ME'].join('')}|${'X'.repeat(3)})\\b`)
    const phrases = new RegExp(`${['not', 'implemented'].join(' ')}|${['coming', 'soon'].join(' ')}`, 'i')
    const leftover = (text: string) => words.test(text) || phrases.test(text)
    const bad = sources(srcDir)
      .concat(readdirSync(localeDir).map((f) => join(localeDir, f)))
      .concat(SUPPORTED_LOCALES.flatMap(areaFiles))
      .filter((f) => leftover(readFileSync(f, 'utf8')))
    expect(bad).toEqual([])
  })
})
