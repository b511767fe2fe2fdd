import { afterEach, describe, expect, it, vi } from 'vitest'
import { shortTime } from './format'

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

  it('makes one format per language and kind, not one per message', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat')
    for (let i = 0; i < 50; i++) {
      shortTime(new Date(2026, 10, 25, 9, i).toISOString(), 'fr', now)
      shortTime(new Date(2026, 10, 1 + (i % 20), 9).toISOString(), 'fr', now)
    }
    expect(made).toHaveBeenCalledTimes(2)
  })
})
