// Lighthouse on the phone profile: accessibility >= 95 and performance >= 90
// for the home, search, profile and chat screens, SEO >= 95 on the home
// (thresholds in scripts/lighthouse.mjs, which `make bench` runs too). One
// run per page, a second only on a host slower than Lighthouse's reference
// (the CPU slowdown calibrated to it).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { measure, pagesOf, shortfalls } from '../scripts/lighthouse.mjs'

const base = process.env.BASE_URL ?? 'http://localhost:8080'

test('lighthouse scores of home, search, profile and chat on a phone', { timeout: 900_000 }, async (t) => {
  const failed = []
  for (const page of await pagesOf(base, 'localhost')) {
    const { scores, losses, benchmarkIndex, cpuSlowdown } = await measure(page)
    t.diagnostic(`${page.name}: ${JSON.stringify(scores)} (benchmark index ${benchmarkIndex}, CPU slowdown ${cpuSlowdown}x)`)
    for (const s of shortfalls(page.name, scores)) failed.push(`${s}: ${losses.join('; ')}`)
  }
  assert.deepEqual(failed, [], 'pages below their Lighthouse thresholds')
})
