import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { SUPPORTED_LOCALES } from '../../i18n/locale'
import { activityText } from './activity'

const now = Date.parse('2026-11-24T12:00:00Z')
const ago = (ms: number) => new Date(now - ms).toISOString()
const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR

describe('activityText', () => {
  it.each([
    ['online', { online: true, last_active_at: ago(MIN) }, { key: 'activity.online' }],
    ['hidden by the server', { online: false, last_active_at: null }, null],
    ['nothing', {}, null],
    ['garbage', { last_active_at: 'yesterday' }, null],
    ['6 minutes', { online: false, last_active_at: ago(6 * MIN + 5_000) }, { key: 'activity.minutes', count: 6 }],
    ['clock skew', { online: false, last_active_at: ago(-2 * MIN) }, { key: 'activity.minutes', count: 1 }],
    ['3 hours', { last_active_at: ago(3 * HOUR + 20 * MIN) }, { key: 'activity.hours', count: 3 }],
    ['1 day', { last_active_at: ago(DAY + HOUR) }, { key: 'activity.days', count: 1 }],
    ['2 weeks', { last_active_at: ago(15 * DAY) }, { key: 'activity.weeks', count: 2 }],
    ['4 months', { last_active_at: ago(125 * DAY) }, { key: 'activity.months', count: 4 }],
    ['over a year', { last_active_at: ago(400 * DAY) }, { key: 'activity.longAgo' }],
  ])('%s', (_, a, want) => {
    expect(activityText(a, now)).toEqual(want)
  })
})

// Every locale says it with its own plural forms (Polish has three).
describe('activity texts in the catalogues', () => {
  const catalogue = (l: string) => JSON.parse(readFileSync(join(__dirname, 'locales', `${l}.json`), 'utf8')) as Record<string, unknown>
  it.each(SUPPORTED_LOCALES.map((l) => [l]))('%s has every form its plural rules need', async (l) => {
    const t = i18next.createInstance()
    await t.init({ lng: l, resources: { [l]: { translation: catalogue(l) } }, interpolation: { escapeValue: false } })
    for (const unit of ['minutes', 'hours', 'days', 'weeks', 'months']) {
      for (const count of [1, 2, 5, 22, 1_000_000]) {
        const text = t.t(`activity.${unit}`, { count })
        expect(text, `${l} ${unit} ${count}`).toContain(String(count))
        expect(text).not.toContain('activity.')
      }
    }
    expect(t.t('activity.online')).not.toBe('activity.online')
    expect(t.t('activity.longAgo')).not.toBe('activity.longAgo')
  })

  it('reads right in Polish and English', async () => {
    const t = i18next.createInstance()
    await t.init({ lng: 'pl', resources: { pl: { translation: catalogue('pl') }, en: { translation: catalogue('en') } } })
    expect(t.t('activity.minutes', { count: 1 })).toBe('Aktywny 1 minutę temu')
    expect(t.t('activity.minutes', { count: 3 })).toBe('Aktywny 3 minuty temu')
    expect(t.t('activity.minutes', { count: 5 })).toBe('Aktywny 5 minut temu')
    expect(t.t('activity.hours', { count: 3, lng: 'en' })).toBe('Active 3 hours ago')
    expect(t.t('activity.hours', { count: 1, lng: 'en' })).toBe('Active 1 hour ago')
  })
})
