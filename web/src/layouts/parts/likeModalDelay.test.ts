import { describe, expect, it } from 'vitest'
import { likeModalDelay } from './likeModalDelay'

describe('like modal delay', () => {
  it('takes a positive number of seconds from t', () => {
    expect(likeModalDelay('3')).toBe(3000)
    expect(likeModalDelay('0.5')).toBe(500)
    expect(likeModalDelay('0')).toBeNull()
    expect(likeModalDelay('-2')).toBeNull()
    expect(likeModalDelay('abc')).toBeNull()
    expect(likeModalDelay(null)).toBeNull()
  })
})
