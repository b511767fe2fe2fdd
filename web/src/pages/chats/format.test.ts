import { afterEach, describe, expect, it, vi } from 'vitest'
import { shortTime } from './format'
import timeFormats from './timeFormats.json'

describe('shortTime', () => {
  afterEach(() => vi.restoreAllMocks())
  const now = new Date(2026, 10, 25, 15, 0)

  it.each([
    ['the time of day today', new Date(2026, 10, 25, 9, 5).toISOString(), 'nl', '09:05'],
    ['the date before today', new Date(2026, 10, 20, 9, 5).toISOString(), 'nl', '20 nov'],
    ['the date in German', new Date(2026, 10, 20, 9, 5).toISOString(), 'de', '20. Nov.'],
    ['nothing for no time', undefined, 'nl', ''],
    ['nothing for a time that is none', 'yesterday', 'nl', ''],
    ['the ISO date where the language is none', new Date(Date.UTC(2026, 10, 20, 12)).toISOString(), '!!', '2026-11-20'],
  ])('is %s', (_, iso, locale, want) => {
    expect(shortTime(iso, locale, now)).toBe(want)
  })

  // timeFormats.json is scripts/time-formats.mjs's: when Intl's formats
  // change, this fails until the script is run again.
  const hours = [0, 1, 9, 11, 12, 13, 21, 23]
  it.each(Object.keys(timeFormats))('writes %s times and dates as Intl does, without making an Intl.DateTimeFormat', (locale) => {
    const today = hours.map((h) => new Date(2026, 10, 25, h, (7 * h) % 60))
    const before = Array.from({ length: 12 }, (_, m) => new Date(2026, m, 1 + 2 * m, 10))
    const want = [
      ...today.map((d) => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(d)),
      ...before.map((d) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' }).format(d)),
    ]
    const made = vi.spyOn(Intl, 'DateTimeFormat')
    const got = [...today, ...before].map((d) => shortTime(d.toISOString(), locale, now))
    expect(made).not.toHaveBeenCalled()
    expect(got).toEqual(want)
  })

  it('has a layout for every language of the app', () => {
    const languages = Object.keys(import.meta.glob('./locales/*.json')).map((f) => f.replace(/^\.\/locales\/|\.json$/g, ''))
    expect(Object.keys(timeFormats).sort()).toEqual(languages.sort())
  })

  it('makes one Intl format per language and kind for a language of no layout, not one per message', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat')
    for (let i = 0; i < 50; i++) {
      shortTime(new Date(2026, 10, 25, 9, i).toISOString(), 'pt', now)
      shortTime(new Date(2026, 10, 1 + (i % 20), 9).toISOString(), 'pt', now)
    }
    expect(made).toHaveBeenCalledTimes(2)
  })
})
