import { describe, expect, it } from 'vitest'
import { apiQuery, draftOf, emptyDraft, offeredFields, pageOf, PER_PAGE, saveSearch, savedSearch, searchParams, validateDraft, withCursor } from './searchQuery'

const all = offeredFields(['max_age', 'gender', 'country', 'countryregion', 'min_age', 'city', 'distance', 'online', 'photo', 'new', 'sort'])

describe('search query', () => {
  it('offers only the tenant search_fields, in form order', () => {
    expect(all).toEqual(['gender', 'country', 'countryregion', 'min_age', 'max_age', 'distance', 'online', 'photo', 'new', 'sort'])
    expect(offeredFields(['min_age', 'gender'])).toEqual(['gender', 'min_age'])
    expect(offeredFields(null)).toEqual([])
  })

  it('builds the members.php query from the URL with only offered filters', () => {
    const p = new URLSearchParams('gender=female&country=NL&countryregion=&min_age=25&max_age=40&page=3&city=Ams')
    expect(apiQuery(p, all)).toEqual({ gender: 'female', country: 'NL', min_age: '25', max_age: '40', page: 3, per_page: PER_PAGE })
    expect(apiQuery(p, ['min_age'])).toEqual({ min_age: '25', page: 3, per_page: PER_PAGE })
  })

  it('keeps an empty gender (everyone) and leaves an absent one to the engine', () => {
    expect(apiQuery(new URLSearchParams('gender='), all)).toEqual({ gender: '', page: 1, per_page: PER_PAGE })
    expect(apiQuery(new URLSearchParams(''), all)).toEqual({ page: 1, per_page: PER_PAGE })
  })

  it('reads bad pages as page 1', () => {
    for (const q of ['', 'page=0', 'page=-2', 'page=x', 'page=1.5']) expect(pageOf(new URLSearchParams(q))).toBe(1)
    expect(pageOf(new URLSearchParams('page=7'))).toBe(7)
  })

  it('fills the form from the URL, then from the search the engine ran', () => {
    const ran = { gender: 'female', country: '', countryregion: '', min_age: 0, max_age: 0 }
    expect(draftOf(new URLSearchParams('min_age=30'), ran)).toEqual({ ...emptyDraft, gender: 'female', min_age: '30' })
    expect(draftOf(new URLSearchParams('gender='), ran).gender).toBe('')
    expect(draftOf(new URLSearchParams(''), null)).toEqual(emptyDraft)
  })

  it('validates the ages', () => {
    expect(validateDraft({ ...emptyDraft, min_age: '25', max_age: '40' })).toEqual({})
    expect(validateDraft({ ...emptyDraft, min_age: '17' })).toEqual({ min_age: 'age' })
    expect(validateDraft({ ...emptyDraft, max_age: '100' })).toEqual({ max_age: 'age' })
    expect(validateDraft({ ...emptyDraft, min_age: 'x' })).toEqual({ min_age: 'age' })
    expect(validateDraft({ ...emptyDraft, min_age: '40', max_age: '30' })).toEqual({ max_age: 'order' })
    expect(validateDraft({ ...emptyDraft, min_age: '20' }, 21)).toEqual({ min_age: 'age' })
  })

  it('submits the offered filters and starts on page 1', () => {
    const d = { ...emptyDraft, country: 'nl', countryregion: 'NL-NH', min_age: '25' }
    expect(searchParams(d, all).toString()).toBe('gender=&country=NL&countryregion=NL-NH&min_age=25')
    expect(searchParams(d, ['min_age', 'max_age']).toString()).toBe('min_age=25')
    expect(searchParams({ ...d, country: 'BE' }, all).toString()).toBe('gender=&country=BE&min_age=25')
  })

  it('pages on with the cursor and remembers the last search without its page', () => {
    const p = new URLSearchParams('gender=female&distance=25&sort=distance')
    const next = withCursor(p, 'abc', 2)
    expect(next.toString()).toBe('gender=female&distance=25&sort=distance&after=abc&page=2')
    expect(apiQuery(next, all)).toEqual({ gender: 'female', distance: '25', sort: 'distance', after: 'abc', per_page: PER_PAGE })
    saveSearch(next)
    expect(savedSearch()?.toString()).toBe('gender=female&distance=25&sort=distance')
  })

  it('starts the age boxes from the brand limits and reads flags as checked boxes', () => {
    const ran = { gender: 'female', country: '', countryregion: '', min_age: 0, max_age: 0, online: true, photo: false, new: false, sort: 'active', distance: 0 }
    const d = draftOf(new URLSearchParams(''), ran, { min: 21, max: 99 })
    expect(d).toEqual({ ...emptyDraft, gender: 'female', min_age: '21', max_age: '99', online: '1' })
    expect(searchParams({ ...d, sort: 'active' }, all).toString()).toBe('gender=female&min_age=21&max_age=99&online=1')
  })
})
