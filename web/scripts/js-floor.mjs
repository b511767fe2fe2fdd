// make bench's front-end figures: the libraries' floor (bench/floor.html, a
// minimal app with React, react-dom, react-router, styled-components and
// i18next, built by vite.config.ts with only its input and output changed)
// and the member home's initial JavaScript (dist/index.html's script and
// module preloads plus the home page's chunks, its heaviest layout variant's
// and its language's catalogue's of dist/preload.json: the list the engine
// writes into the page for its code loader, engine/webapp/codeloader.go and
// webapp.go's chunksOf), each gzipped (level 9) file by file. The language is en (RDV_LOCALE sets another).
// Prints `bench <name> <value> <unit>` lines; needs a built dist/.
import { readFile, rm, mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build, loadConfigFromFile } from 'vite'

const web = join(dirname(fileURLToPath(import.meta.url)), '..')

/** scripts lists the JavaScript a page loads at once: its module scripts and module preloads. */
function scripts(html) {
  return [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((m) => m[1])
}

/**
 * homeCode lists the files the engine has the home load in locale, as
 * chunksOf does, with the heaviest variant of each layout choice the home
 * draws (a bound for every brand's layout).
 */
async function homeCode(dir, index, preload, locale) {
  const rest = (preload.firstRoutes ?? []).includes('/') ? [] : (preload.restLocales?.[locale] ?? [])
  const variants = []
  for (const { routes, chunks } of Object.values(preload.layoutVariants ?? {})) {
    if (routes.length > 0 && !routes.includes('/')) continue
    let heaviest = []
    let most = -1
    for (const files of Object.values(chunks)) {
      const bytes = await gzipped(dir, files)
      if (bytes > most) [heaviest, most] = [files, bytes]
    }
    variants.push(...heaviest)
  }
  return [...scripts(index), ...(preload.routes['/'] ?? []), ...variants, ...(preload.locales?.[locale] ?? []), ...rest]
}

async function gzipped(dir, files) {
  let total = 0
  for (const f of new Set(files)) total += gzipSync(await readFile(join(dir, f.replace(/^\//, ''))), { level: 9 }).length
  return total
}

const out = await mkdtemp(join(tmpdir(), 'rdv-floor-'))
try {
  const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, join(web, 'vite.config.ts'), web)
  const config = loaded.config
  await build({
    ...config,
    configFile: false,
    root: web,
    logLevel: 'error',
    // One file, as the floor was measured before the app's libraries came in
    // a chunk group of their own (the app's groups do not apply to it).
    build: {
      ...config.build,
      outDir: out,
      emptyOutDir: true,
      rolldownOptions: { ...config.build.rolldownOptions, input: { floor: join(web, 'bench/floor.html') }, output: { ...config.build.rolldownOptions.output, codeSplitting: true } },
    },
  })
  const floorHTML = await readFile(join(out, 'bench/floor.html'), 'utf8')
  const floor = await gzipped(out, scripts(floorHTML))

  const dist = join(web, 'dist')
  const index = await readFile(join(dist, 'index.html'), 'utf8')
  // The engine's code loader starts one module script (engine/webapp/codeloader.go).
  const entries = index.match(/<script type="module"/g)?.length ?? 0
  if (entries !== 1) throw new Error(`dist/index.html has ${entries} module scripts, want the entry alone`)
  const preload = JSON.parse(await readFile(join(dist, 'preload.json'), 'utf8'))
  const home = await gzipped(dist, await homeCode(dist, index, preload, process.env.RDV_LOCALE || 'en'))

  const kb = (n) => (n / 1000).toFixed(1)
  console.log(`bench web_floor_js_gzip ${kb(floor)} KB`)
  console.log(`bench home_initial_js_gzip ${kb(home)} KB`)
  console.log(`bench home_js_vs_floor ${(home / floor).toFixed(2)} ratio`)
} finally {
  await rm(out, { recursive: true, force: true })
}
