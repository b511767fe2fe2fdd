// Writes src/pages/chats/timeFormats.json: for each of the app's languages,
// the parts of a message's time as Intl.DateTimeFormat lays them out (the
// time of day with 2-digit hour and minute, the date with numeric day and
// short month) and the names of the months and day periods it uses, so the
// conversation formats its times without making an Intl.DateTimeFormat:
// a page's first one costs a phone about 50 ms of one task (ICU's calendar
// data). format.test.ts holds the app's formatting to Intl's.
//
//   node scripts/time-formats.mjs
import { readdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const dir = fileURLToPath(new URL('../src/pages/chats/', import.meta.url))
const locales = readdirSync(`${dir}locales`).map((f) => f.replace(/\.json$/, '')).sort()
// format() writes a narrow no-break space between the time and the day
// period as a plain space (V8 keeps that for old pages); formatToParts does not.
const layout = (parts) => parts.map((p) => (p.type === 'literal' ? p.value.replace(/\u202f/g, ' ') : `{${p.type}}`)).join('')
const out = {}
for (const locale of locales) {
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' })
  const date = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' })
  const morning = new Date(2026, 0, 20, 9, 5)
  const evening = new Date(2026, 0, 20, 21, 5)
  const part = (f, d, type) => f.formatToParts(d).find((p) => p.type === type)?.value ?? ''
  out[locale] = {
    time: layout(time.formatToParts(morning)),
    hour12: time.resolvedOptions().hourCycle === 'h12' || time.resolvedOptions().hourCycle === 'h11',
    dayPeriods: [part(time, morning, 'dayPeriod'), part(time, evening, 'dayPeriod')],
    date: layout(date.formatToParts(morning)),
    months: Array.from({ length: 12 }, (_, m) => part(date, new Date(2026, m, 20), 'month')),
  }
}
writeFileSync(`${dir}timeFormats.json`, `${JSON.stringify(out, null, 2)}\n`)
console.log(`wrote src/pages/chats/timeFormats.json (${locales.join(', ')})`)
