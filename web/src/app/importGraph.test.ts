// The import graph of src, read from the import statements themselves
// (static, side-effect and dynamic imports; `import type` is left out, as
// the build leaves it out): no module may reach itself again, and the
// member app never imports the operators' console.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sourceFiles } from '../test/sources'

const src = resolve(__dirname, '..')

/** specifiers lists what a module imports at run time. */
export function specifiers(code: string): string[] {
  const text = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
  const found: string[] = []
  for (const m of text.matchAll(/\b(?:import|export)\s+(type\s+)?[\w*{}\s,$]*?\bfrom\s*['"]([^'"]+)['"]/g)) if (!m[1]) found.push(m[2])
  for (const m of text.matchAll(/\bimport\s*['"]([^'"]+)['"]/g)) found.push(m[1])
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(m[1])
  return found
}

/** resolveImport finds the file a relative specifier names, or null for a package or a virtual module. */
function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null
  const base = resolve(dirname(from), spec)
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate
  }
  return null
}

function graphOf(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const targets = specifiers(readFileSync(file, 'utf8'))
      .map((spec) => resolveImport(file, spec))
      .filter((t): t is string => t !== null)
    graph.set(file, targets)
  }
  return graph
}

/** cycles lists each import circle once, as the modules around it (relative to src). */
export function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const visit = (file: string) => {
    state.set(file, 'open')
    path.push(file)
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next].map((f) => relative(src, f)))
      else if (!state.has(next)) visit(next)
    }
    path.pop()
    state.set(file, 'done')
  }
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file)
  return found
}

describe('the import graph of src', () => {
  const graph = graphOf(sourceFiles(src, /\.tsx?$/).filter((f) => !f.endsWith('.d.ts')))

  it('reads static, side-effect and dynamic imports, not type-only ones', () => {
    const code = [
      "import { a, type B } from './a'",
      "import type { C } from './c'",
      "export { d } from './d'",
      "export type { E } from './e'",
      "import './f.css'",
      "const g = () => import('./g')",
      "// import { h } from './h'",
      'import {\n  i,\n  j,\n} from "./ij"',
    ].join('\n')
    expect(specifiers(code).sort()).toEqual(['./a', './d', './f.css', './g', './ij'])
  })

  it('finds a circle', () => {
    const graph = new Map([
      ['/s/a.ts', ['/s/b.ts']],
      ['/s/b.ts', ['/s/c.ts']],
      ['/s/c.ts', ['/s/a.ts']],
      ['/s/d.ts', ['/s/a.ts']],
    ])
    expect(cycles(graph)).toHaveLength(1)
  })

  it('has no import circle', () => {
    expect(graph.size).toBeGreaterThan(100)
    expect(cycles(graph)).toEqual([])
  })

  it('keeps the console out of the member app', () => {
    const console = join(src, 'console') + '/'
    const crossings = [...graph].flatMap(([file, targets]) =>
      file.startsWith(console) ? [] : targets.filter((t) => t.startsWith(console)).map((t) => `${relative(src, file)} -> ${relative(src, t)}`),
    )
    expect(crossings).toEqual([])
  })
})
