import type { TFunction } from 'i18next'

/**
 * giftName is a gift's name in the reader's language: the catalogues name the
 * usual gifts by id (gifts.rose, gifts.kiss, ...), so a Dutch or German brand
 * never shows the tenant file's English; a gift the catalogues do not know
 * keeps the name its tenant file gives.
 */
export function giftName(t: TFunction, gift: { id: string; name: string } | null | undefined): string {
  if (!gift) return ''
  return t(`gifts.${gift.id}`, { defaultValue: gift.name })
}
