import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../api/http'
import { isBanned, loginErrorText } from './loginError'

describe('login refusals of moderated accounts', () => {
  it('sends a banned member to the ban page', () => {
    expect(isBanned(new ApiError('banned', 403, 'account_banned'))).toBe(true)
    expect(isBanned(new ApiError('failed', 401, 'login_failed'))).toBe(false)
    expect(isBanned(new Error('network'))).toBe(false)
  })

  it('tells a suspended member until when', () => {
    const until = '2030-01-02T03:04:05Z'
    const [key, values] = loginErrorText(new ApiError('suspended', 403, 'account_suspended', { until }))
    expect(key).toBe('login.suspended')
    expect(values?.until).toBe(new Date(until).toLocaleString())
  })

  it('leaves the date out rather than showing an invalid one', () => {
    const [key, values] = loginErrorText(new ApiError('suspended', 403, 'account_suspended', { until: 'soon' }))
    expect(key).toBe('login.suspended')
    expect(values?.until).toBe('')
  })
})
