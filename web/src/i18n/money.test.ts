import { describe, expect, it } from 'vitest'
import { formatAmount } from './amount'
import { formatPrice } from './money'

// Intl puts a no-break space (U+00A0) or a narrow one (U+202F) between
// number and sign; the tests compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ')

describe('formatPrice', () => {
  it.each([
    [1995, 'EUR', 'nl', '€ 19,95'],
    [1995, 'EUR', 'de', '19,95 €'],
    [1995, 'EUR', 'en', '€19.95'],
    [3995, 'EUR', 'fr', '39,95 €'],
    [1999, 'CHF', 'de', '19,99 CHF'],
    [1999, 'USD', 'en', '$19.99'],
    [49900, 'SEK', 'sv', '499,00 kr'],
    [7995, 'PLN', 'pl', '79,95 zł'],
    [500, 'JPY', 'en', '¥500'],
    [0, 'EUR', 'en', '€0.00'],
  ])('words %i minor units of %s in %s as %s', (amount, currency, locale, text) => {
    expect(plain(formatPrice(amount, currency, locale))).toBe(text)
  })

  it('falls back to the amount and code for a currency Intl does not know', () => {
    expect(formatPrice(1995, 'euro', 'en')).toBe('19.95 euro')
  })
})

describe('formatAmount', () => {
  it.each([
    [0.5, 'EUR', 'en', '€0.50'],
    [0.5, 'EUR', 'nl', '€ 0,50'],
    [2, 'PLN', 'pl', '2,00 zł'],
  ])('words %s major units of %s in %s as %s', (amount, currency, locale, text) => {
    expect(plain(formatAmount(amount, currency, locale))).toBe(text)
  })

  it('falls back to the amount and code for a currency Intl does not know', () => {
    expect(formatAmount(0.5, 'euro', 'en')).toBe('0.5 euro')
  })
})
