import { describe, expect, it } from 'vitest'
import { loggedOutSearchAllowed, signupsOpen, trackingFromQuery } from './tracking'

describe('traffic source rules', () => {
  it('reads tracking from the query', () => {
    expect(trackingFromQuery({})).toBeNull()
    expect(trackingFromQuery({ network: 'n1', ref: 'r', sub2: 'x' })).toEqual({ network: 'n1', ref: 'r', sub2: 'x' })
  })
  it('opens signups to all, or with_trafficsource only with one', () => {
    expect(signupsOpen('all', false)).toBe(true)
    expect(signupsOpen('with_trafficsource', false)).toBe(false)
    expect(signupsOpen('with_trafficsource', true)).toBe(true)
    expect(signupsOpen('none', true)).toBe(false)
  })
  it('allows logged-out search per the settings', () => {
    expect(loggedOutSearchAllowed({ logged_out_search: true, logged_out_search_trafficsource: false }, false)).toBe(true)
    expect(loggedOutSearchAllowed({ logged_out_search: false, logged_out_search_trafficsource: true }, false)).toBe(false)
    expect(loggedOutSearchAllowed({ logged_out_search: false, logged_out_search_trafficsource: true }, true)).toBe(true)
  })
})
