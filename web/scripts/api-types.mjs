// Generates src/api/schema.d.ts, the API's types, from the engine's OpenAPI
// description (engine/server/openapi.yaml) with openapi-typescript.
// With --check it only compares: it fails when the committed file is stale,
// the way `make sqlc-check` fails on stale generated Go.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const spec = resolve(web, '../engine/server/openapi.yaml')
const target = join(web, 'src/api/schema.d.ts')
const check = process.argv.includes('--check')

const dir = mkdtempSync(join(tmpdir(), 'rdv-api-types-'))
try {
  const out = join(dir, 'schema.d.ts')
  const bin = join(web, 'node_modules/.bin/openapi-typescript')
  execFileSync(bin, [spec, '--output', out, '--alphabetize'], { stdio: ['ignore', 'ignore', 'inherit'] })
  const fresh = readFileSync(out, 'utf8')
  if (!check) {
    writeFileSync(target, fresh)
    console.log('wrote src/api/schema.d.ts')
  } else {
    let committed = ''
    try {
      committed = readFileSync(target, 'utf8')
    } catch {
      // missing counts as stale
    }
    if (committed !== fresh) {
      console.error('web/src/api/schema.d.ts is stale: run `npm run api-types` in web/ and commit it')
      process.exit(1)
    }
    console.log('src/api/schema.d.ts is up to date')
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
