import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** sourceFiles lists the app's sources and catalogues under dir (.ts, .tsx, .json), tests left out, for tests that read the code itself. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.(tsx?|json)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}
