import { describe, expect, it } from 'vitest'
import { ApiError } from './http'
import { errorMessage, errorStatus } from './errors'

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
