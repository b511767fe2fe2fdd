import { describe, expect, it } from 'vitest'
import { entryPath, likeTypeOf, tabPath } from './likeTypes'

describe('likes tabs', () => {
  it('reads the type of the URL', () => {
    expect(likeTypeOf(undefined)).toBe('liked_by')
    expect(likeTypeOf('liked')).toBe('liked')
    expect(likeTypeOf('matches')).toBe('matches')
    expect(likeTypeOf('liked_by')).toBe('liked_by')
    expect(likeTypeOf('nope')).toBeNull()
  })
  it('links tabs and entries', () => {
    expect(tabPath('liked_by')).toBe('/likes')
    expect(tabPath('matches')).toBe('/matches')
    expect(entryPath('liked_by', 4)).toBe('/likes/m/4')
    expect(entryPath('liked', 4)).toBe('/members/4')
  })
})
