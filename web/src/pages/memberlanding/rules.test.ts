import { describe, expect, it } from 'vitest'
import { designOf, signupPath, variantOf } from './rules'

describe('member landing rules', () => {
  it.each([
    ['/members/7/landing', 'spotlight'],
    ['/members/7/landing/', 'spotlight'],
    ['/members/7/landing2', 'chat'],
    ['/members/7/landing2/summer', 'chat'],
    ['/members/7/landing3', 'match'],
    ['/members/7/landing3/b', 'match'],
  ])('%s shows the %s design', (path, design) => {
    expect(designOf(path)).toBe(design)
  })

  it.each([
    [undefined, 'a'],
    ['', 'a'],
    ['a', 'a'],
    ['b', 'b'],
    ['B', 'b'],
    ['summer-campaign', 'a'],
  ])('slug %s selects copy variant %s', (slug, variant) => {
    expect(variantOf(slug)).toBe(variant)
  })

  it('leads to the member’s signup with the affiliate’s query', () => {
    expect(signupPath(7, '?network=adnet&ref=42')).toBe('/members/7/signup?network=adnet&ref=42')
    expect(signupPath(7, '')).toBe('/members/7/signup')
  })
})
