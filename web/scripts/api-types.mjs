// Generates the API types from the engine's OpenAPI descriptions with
// openapi-typescript: src/api/schema.d.ts (the member API,
// engine/server/openapi.yaml) and src/console/schema.d.ts (the console's,
// engine/admin/openapi.yaml).
// With --check it only compares: it fails when a committed file is stale,
// the way `make sqlc-check` fails on stale generated Go.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const outputs = [
  { spec: '../engine/server/openapi.yaml', target: 'src/api/schema.d.ts' },
  { spec: '../engine/admin/openapi.yaml', target: 'src/console/schema.d.ts' },
]
const check = process.argv.includes('--check')

const dir = mkdtempSync(join(tmpdir(), 'rdv-api-types-'))
let stale = false
try {
  for (const [i, { spec, target }] of outputs.entries()) {
    const out = join(dir, `schema${i}.d.ts`)
    const bin = join(web, 'node_modules/.bin/openapi-typescript')
    execFileSync(bin, [resolve(web, spec), '--output', out, '--alphabetize'], { stdio: ['ignore', 'ignore', 'inherit'] })
    const fresh = readFileSync(out, 'utf8')
    if (!check) {
      writeFileSync(join(web, target), fresh)
      console.log(`wrote ${target}`)
      continue
    }
    let committed = ''
    try {
      committed = readFileSync(join(web, target), 'utf8')
    } catch {
      // missing counts as stale
    }
    if (committed !== fresh) {
      console.error(`web/${target} is stale: run \`npm run api-types\` in web/ and commit it`)
      stale = true
    } else {
      console.log(`${target} is up to date`)
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
if (stale) process.exit(1)
