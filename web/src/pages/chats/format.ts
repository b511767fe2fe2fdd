import { useTranslation } from 'react-i18next'
import type { ChatMessage } from '../../boot/types'
import { giftName } from '../../i18n/gifts'
import timeFormats from './timeFormats.json'

/** usePreview is the one-line preview of a conversation's last message. */
export function usePreview(m: ChatMessage | null): string {
  const { t } = useTranslation()
  if (!m) return ''
  const body = m.kind === 'gift' ? t('messenger.lastGift', { name: giftName(t, m.gift) }) : m.kind === 'photo' ? t('messenger.lastPhoto') : m.text
  return m.from_me ? t('messenger.you', { text: body }) : body
}

/**
 * TimeLayout is how a language writes a message's time (timeFormats.json,
 * written by scripts/time-formats.mjs from Intl.DateTimeFormat).
 */
type TimeLayout = { time: string; hour12: boolean; dayPeriods: string[]; date: string; months: string[] }

const layouts: Record<string, TimeLayout> = timeFormats

/**
 * intlFormats holds one Intl.DateTimeFormat per language and kind (time of
 * day or date), for a language timeFormats.json does not have: making one
 * costs the browser ICU's data, and a conversation times every message.
 */
const intlFormats = new Map<string, Intl.DateTimeFormat>()

function intlFormat(locale: string, sameDay: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${sameDay ? 'time' : 'date'}`
  let f = intlFormats.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat(locale, sameDay ? { hour: '2-digit', minute: '2-digit' } : { day: 'numeric', month: 'short' })
    intlFormats.set(key, f)
  }
  return f
}

const twoDigits = (n: number) => String(n).padStart(2, '0')

/**
 * laidOut writes d as layout has it: the conversation's times without an
 * Intl.DateTimeFormat, whose first one in a page cost a phone about 50 ms
 * of one task (ICU's calendar data).
 */
function laidOut(layout: TimeLayout, d: Date, sameDay: boolean): string {
  const h = d.getHours()
  const fields: Record<string, string> = sameDay
    ? { hour: twoDigits(layout.hour12 ? h % 12 || 12 : h), minute: twoDigits(d.getMinutes()), dayPeriod: layout.dayPeriods[h < 12 ? 0 : 1] ?? '' }
    : { day: String(d.getDate()), month: layout.months[d.getMonth()] ?? '' }
  return (sameDay ? layout.time : layout.date).replace(/\{(\w+)\}/g, (_, name: string) => fields[name] ?? '')
}

/** shortTime is the time of day for today, else the date, in the app's language. */
export function shortTime(iso: string | undefined, locale: string, now = new Date()): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  const sameDay = d.toDateString() === now.toDateString()
  const layout = layouts[locale]
  if (layout) return laidOut(layout, d, sameDay)
  try {
    return intlFormat(locale, sameDay).format(d)
  } catch {
    return d.toISOString().slice(0, 10)
  }
}

export function useShortTime(iso: string | undefined): string {
  const { i18n } = useTranslation()
  return shortTime(iso, i18n.language)
}
