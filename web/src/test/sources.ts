import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/**
 * sourceFiles lists the app's files under dir whose names match (by default
 * the sources and catalogues: .ts, .tsx, .json), tests left out, for tests
 * that read the code itself.
 */
export function sourceFiles(dir: string, names = /\.(tsx?|json)$/): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path, names)
    return names.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}
