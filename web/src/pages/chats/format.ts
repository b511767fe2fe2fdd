import { useTranslation } from 'react-i18next'
import type { ChatMessage } from '../../boot/types'
import { giftName } from '../../rules/gifts'

/** usePreview is the one-line preview of a conversation's last message. */
export function usePreview(m: ChatMessage | null): string {
  const { t } = useTranslation()
  if (!m) return ''
  const body = m.kind === 'gift' ? t('messenger.lastGift', { name: giftName(t, m.gift) }) : m.kind === 'photo' ? t('messenger.lastPhoto') : m.text
  return m.from_me ? t('messenger.you', { text: body }) : body
}

/**
 * timeFormats holds one Intl.DateTimeFormat per language and kind (time of
 * day or date): making one costs the browser ICU's data, and a conversation
 * times every message (issue 13: a task of 200 ms on a phone when each time
 * made its own).
 */
const timeFormats = new Map<string, Intl.DateTimeFormat>()

function timeFormat(locale: string, sameDay: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${sameDay ? 'time' : 'date'}`
  let f = timeFormats.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat(locale, sameDay ? { hour: '2-digit', minute: '2-digit' } : { day: 'numeric', month: 'short' })
    timeFormats.set(key, f)
  }
  return f
}

/** shortTime is the time of day for today, else the date, in the app's language. */
export function shortTime(iso: string | undefined, locale: string, now = new Date()): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  const sameDay = d.toDateString() === now.toDateString()
  try {
    return timeFormat(locale, sameDay).format(d)
  } catch {
    return d.toISOString().slice(0, 10)
  }
}

export function useShortTime(iso: string | undefined): string {
  const { i18n } = useTranslation()
  return shortTime(iso, i18n.language)
}

/** money formats a minimum message cost in its currency. */
export function money(amount: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount)
  } catch {
    return `${amount} ${currency}`
  }
}
