// Lighthouse on the phone profile: accessibility >= 95 and performance >= 90
// for the home, search, profile and chat screens, SEO >= 95 on the home
// (thresholds in scripts/lighthouse.mjs, which `make bench` runs too). One
// run per page, a second only on a host slower than Lighthouse's reference
// (the CPU slowdown calibrated to it); performance is asserted only where the
// host can emulate the phone at all.
import assert from 'node:assert/strict'
import { cpus, loadavg } from 'node:os'
import { test } from 'node:test'
import { emulates, measure, pagesOf, shortfalls } from '../scripts/lighthouse.mjs'

const base = process.env.BASE_URL ?? 'http://localhost:8080'

test('lighthouse scores of home, search, profile and chat on a phone', { timeout: 900_000 }, async (t) => {
  const failed = []
  for (const page of await pagesOf(base, 'localhost')) {
    const { scores, losses, benchmarkIndex, cpuSlowdown } = await measure(page)
    t.diagnostic(`${page.name}: ${JSON.stringify(scores)} (benchmark index ${benchmarkIndex}, CPU slowdown ${cpuSlowdown}x)`)
    // A host slower than the emulated phone (an overloaded machine) cannot
    // tell the page's performance; accessibility and SEO are asserted always.
    // A machine busy with other work (load average above its cores) slows
    // the page's tasks beyond any calibration: Lighthouse then measures the
    // machine, so performance is reported, not asserted.
    const load = loadavg()[0]
    const perf = emulates(benchmarkIndex) && load < cpus().length
    if (!perf) t.diagnostic(`${page.name}: performance not asserted: benchmark index ${benchmarkIndex}, load average ${load.toFixed(1)} on ${cpus().length} cores`)
    for (const s of shortfalls(page.name, scores, perf)) failed.push(`${s}: ${losses.join('; ')}`)
  }
  assert.deepEqual(failed, [], 'pages below their Lighthouse thresholds')
})
