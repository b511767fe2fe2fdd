import { describe, expect, it } from 'vitest'
import type { User } from '../../boot/types'
import { alertDismissedAt, needsActivationReminder, visibleAlerts, withDismissal } from './alerts'

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
