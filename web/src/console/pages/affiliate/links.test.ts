import { describe, expect, it } from 'vitest'
import { slugOf, trackingLink } from './links'

const base = {
  baseUrl: 'https://lustlokaal.nl',
  lander: 'video',
  slug: '',
  niche: 0,
  network: 'adnet',
  ref: 'aff1',
  sub1: '',
  sub2: '',
  sub3: '',
  bounces: true,
}

describe('trackingLink', () => {
  it('names the lander, the source and lb, leaving empty values out', () => {
    expect(trackingLink(base)).toBe('https://lustlokaal.nl/landers/video?network=adnet&ref=aff1&lb=1')
  })
  it('adds the slug, the niche and the sub-ids, encoded', () => {
    expect(trackingLink({ ...base, slug: 'Milf B', niche: 6, sub1: '{click id}', bounces: false })).toBe(
      'https://lustlokaal.nl/landers/video/milf-b?network=adnet&ref=aff1&sub1=%7Bclick+id%7D&niche=6',
    )
  })
  it('keeps a port of the brand address', () => {
    expect(trackingLink({ ...base, baseUrl: 'http://localhost:8080', bounces: false })).toBe('http://localhost:8080/landers/video?network=adnet&ref=aff1')
  })
})

describe('slugOf', () => {
  it('keeps letters, digits and dashes', () => {
    expect(slugOf('  Spring sale!! 2 ')).toBe('spring-sale-2')
  })
})
