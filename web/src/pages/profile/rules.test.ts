import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/http'
import type { OwnProfile } from './api'
import { changes, draftOf, fieldOptions, fieldProblems, limitState, moveItem, moveToFront, photoErrorKey, toggleInterest } from './rules'

describe('photo order', () => {
  it('moves an item to a new index, clamped to the list', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a'])
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b'])
    expect(moveItem(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b'])
    expect(moveItem(['a', 'b', 'c'], 5, 0)).toEqual(['a', 'b', 'c'])
  })
  it('puts the chosen main photo first', () => {
    expect(moveToFront([{ id: 1 }, { id: 2 }, { id: 3 }], 3).map((p) => p.id)).toEqual([3, 1, 2])
    expect(moveToFront([{ id: 1 }], 9).map((p) => p.id)).toEqual([1])
  })
})

describe('photo limit', () => {
  it('leaves room below the limit', () => {
    expect(limitState(2, 3, false)).toEqual({ kind: 'room', left: 1 })
  })
  it('tells a free member at 3 about premium, a premium member at 25 about the maximum', () => {
    expect(limitState(3, 3, false)).toEqual({ kind: 'free', limit: 3 })
    expect(limitState(25, 25, true)).toEqual({ kind: 'max', limit: 25 })
    expect(limitState(25, 25, false)).toEqual({ kind: 'max', limit: 25 })
  })
  it('words upload errors from the catalogue, others from the server', () => {
    expect(photoErrorKey('photo_too_big')).toBe('profile.photoErrors.photo_too_big')
    expect(photoErrorKey('multipart_invalid')).toBeNull()
  })
})

describe('field options', () => {
  const options = { gender: ['male', 'female'], hair_color: ['black', 'red'] }
  it('offer the server values; optional fields start with "not told"', () => {
    expect(fieldOptions(options, 'gender', 'male')).toEqual(['male', 'female'])
    expect(fieldOptions(options, 'hair_color', 'red')).toEqual(['', 'black', 'red'])
    expect(fieldOptions(options, 'gender', '')).toEqual(['', 'male', 'female'])
  })
  it('keep a saved value the server no longer lists', () => {
    expect(fieldOptions(options, 'hair_color', 'purple')).toEqual(['', 'purple', 'black', 'red'])
  })
})

describe('edits', () => {
  const profile = {
    id: 1, name: 'Ann', age: 30, gender: 'female', seeking: 'male', sexuality: 'hetero', date_of_birth: '1995-04-03T00:00:00Z',
    country: 'NL', region: 'NH', region_name: 'Noord-Holland', city: 'Amsterdam', interests: [1, 2], hair_color: '', eye_color: 'blue',
    body_type: '', relationship_status: 'single', tattoos: '', about_me: 'Hi', status: 'active', invisible: false, main_image: null, photos: [],
  } satisfies OwnProfile
  it('send only the changed fields', () => {
    const saved = draftOf(profile)
    expect(saved.date_of_birth).toBe('1995-04-03')
    expect(changes(saved, { ...saved, interests: [2, 1] })).toEqual({})
    expect(changes(saved, { ...saved, city: 'Utrecht', interests: [1] })).toEqual({ city: 'Utrecht', interests: [1] })
  })
  it('send the region with a new country', () => {
    const saved = draftOf(profile)
    expect(changes(saved, { ...saved, country: 'BE', region: '' })).toEqual({ country: 'BE', region: '' })
  })
  it('keep at most 10 interests', () => {
    const ten = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    expect(toggleInterest(ten, 11)).toEqual(ten)
    expect(toggleInterest(ten, 3)).not.toContain(3)
    expect(toggleInterest([], 4)).toEqual([4])
  })
  it('read every bad field of a 422', () => {
    const err = new ApiError('Invalid date of birth', 422, 'date_of_birth_invalid', {
      field: 'date_of_birth',
      fields: [
        { field: 'date_of_birth', error: 'date_of_birth_invalid', message: 'Invalid date of birth' },
        { field: 'city', error: 'city_length', message: 'too long' },
      ],
    })
    expect(fieldProblems(err.code, err.message, err.fields).map((f) => f.field)).toEqual(['date_of_birth', 'city'])
    expect(fieldProblems('name_at', 'no @', { field: 'name' })).toEqual([{ field: 'name', error: 'name_at', message: 'no @' }])
  })
})
