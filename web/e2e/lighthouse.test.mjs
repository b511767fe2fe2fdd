// Lighthouse on the phone profile: accessibility >= 95 for the home, search,
// profile and chat screens and every lander design, SEO >= 95 on the home (thresholds in
// scripts/lighthouse.mjs). The performance score depends on how busy the
// machine is, so it is measured by `make bench` (scripts/lighthouse-bench.sh)
// and reported here; what it rests on is held by budgets that do not depend
// on the machine (e2e/first-load.test.mjs).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { pagesOf, run, shortfalls } from '../scripts/lighthouse.mjs'

const base = process.env.BASE_URL ?? 'http://localhost:8080'

test('lighthouse accessibility and SEO of home, search, profile, chat and the landers on a phone', { timeout: 900_000 }, async (t) => {
  const failed = []
  for (const page of await pagesOf(base, 'localhost')) {
    const { scores, losses, benchmarkIndex } = await run(page)
    t.diagnostic(`${page.name}: ${JSON.stringify(scores)} (benchmark index ${benchmarkIndex}; performance is make bench's)`)
    for (const s of shortfalls(page.name, scores, false)) failed.push(`${s}: ${losses.join('; ')}`)
  }
  assert.deepEqual(failed, [], 'pages below their Lighthouse thresholds')
})
