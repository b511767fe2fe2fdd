import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/http'
import { alertDismissedAt, needsActivationReminder, visibleAlerts, withDismissal } from './alerts'
import { errorMessage, errorStatus } from './errors'
import { loggedOutSearchAllowed, signupsOpen, trackingFromQuery } from './tracking'
import type { User } from '../boot/types'

describe('error page message', () => {
  it('falls back to a nested message, then to the default', () => {
    expect(errorMessage(new Error('top'), 'fallback')).toBe('top')
    expect(errorMessage({ error: { message: 'nested' } }, 'fallback')).toBe('nested')
    expect(errorMessage({ response: { data: { message: 'deep' } } }, 'fallback')).toBe('deep')
    expect(errorMessage({}, 'fallback')).toBe('fallback')
    expect(errorMessage(null, 'fallback')).toBe('fallback')
  })
  it('has status 500 by default', () => {
    expect(errorStatus(new Error('x'))).toBe(500)
    expect(errorStatus(new ApiError('x', 404))).toBe(404)
  })
})

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

describe('member alerts', () => {
  const user = (over: Partial<User> = {}): User => ({
    id: 1,
    email: 'a@b.c',
    status: 'active',
    credits: 0,
    paid_user: false,
    signup_date: '2026-01-01T00:00:00Z',
    language: 'en',
    notifications_disabled: [],
    profile: { id: 1, name: 'Ann', status: 'active', main_image: null },
    ...over,
  })
  const push = { capability: true, subscription: false as const, isSubscribed: false, lastMessage: null }

  it('reminds to activate: not_confirmed, profile disabled, no disabled notifications', () => {
    const u = user({ status: 'not_confirmed', profile: { id: 1, name: 'A', status: 'disabled', main_image: null } })
    expect(needsActivationReminder(u)).toBe(true)
    expect(needsActivationReminder({ ...u, notifications_disabled: ['fbl'] })).toBe(false)
    expect(needsActivationReminder({ ...u, status: 'active' })).toBe(false)
    expect(needsActivationReminder(null)).toBe(false)
  })

  it('suppresses an alert the server lists as dismissed', () => {
    expect(visibleAlerts(user(), push)).toEqual(['profilePhoto', 'push'])
    const dismissed = withDismissal(user(), 'profilePhoto', 123)
    expect(dismissed.dismissed_alerts).toEqual({ profile_photo: new Date(123).toISOString() })
    expect(alertDismissedAt(dismissed, 'profilePhoto')).toBe(123)
    expect(visibleAlerts(dismissed, push)).toEqual(['push'])
    expect(visibleAlerts(user({ dismissed_alerts: { push: '2026-01-02T00:00:00Z' } }), push)).toEqual(['profilePhoto'])
    expect(visibleAlerts(user({ notifications_disabled: ['bounce'] }), { ...push, capability: false })).toEqual([
      'profilePhoto',
      'notificationsDisabled',
    ])
    expect(visibleAlerts(user({ dismissed_alerts: { time_bonus: '2026-01-02T00:00:00Z' } }), push, true)).toEqual(['profilePhoto', 'push'])
    expect(visibleAlerts(null, push)).toEqual([])
  })

  it.each([
    ['no photos', undefined, ['profilePhoto']],
    ['an empty photo list', [], ['profilePhoto']],
    ['only a rejected photo', ['rejected'], ['profilePhoto']],
    ['a photo waiting for moderation', ['pending'], []],
    ['a rejected and a pending photo', ['rejected', 'pending'], []],
  ])('asks for a photo with %s: %j', (_, statuses, want) => {
    const photos = statuses?.map((status, i) => ({ id: i + 1, filename: `p${i}.jpg`, thumb_filename: `t${i}.jpg`, status }))
    const u = user({ profile: { id: 1, name: 'Ann', status: 'active', main_image: null, photos } })
    expect(visibleAlerts(u, { ...push, capability: false })).toEqual(want)
  })
})
