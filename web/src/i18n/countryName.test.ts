import { describe, expect, it } from 'vitest'
import { countryName } from './countryName'

describe('countryName', () => {
  it.each([
    ['NL', 'nl', 'Nederland'],
    ['NL', 'de', 'Niederlande'],
    ['NL', 'nl', 'Nederland'], // the language's names again, from the first
    ['DE', 'en', 'Germany'],
    ['N1', 'en', 'N1'], // not a code: the code itself
    ['NL', '!!', 'NL'], // not a language: the code itself
  ])('%s in %s is %s', (code, locale, want) => {
    expect(countryName(code, locale)).toBe(want)
  })
})

describe('countryName with the site\'s names', () => {
  it('takes the site\'s name of a country, the browser\'s of another', () => {
    // The browser's Danish name of NL is "Nederlandene": the site's wins.
    expect(countryName('NL', 'da', { BE: 'Belgien', NL: 'Holland' })).toBe('Holland')
    expect(countryName('FR', 'da', { NL: 'Holland' })).toBe('Frankrig')
    expect(countryName('NL', 'da')).toBe('Nederlandene')
  })
})
