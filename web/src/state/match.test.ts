import { afterEach, describe, expect, it } from 'vitest'
import { boot, user } from '../test/fixtures'
import { dispatchLive } from './events'
import { MATCH_EVENT, createMatchQueue, nextMatches } from './match'
import { createStore, initialState } from './store'

describe('the match queue', () => {
  it('celebrates each partner once', () => {
    const done = new Set<number>()
    let q = nextMatches([], { id: 4, name: 'Bo' }, done)
    q = nextMatches(q, { id: 4, name: 'Bo' }, done)
    q = nextMatches(q, { id: 5, name: 'Cas' }, done)
    expect(q.map((p) => p.id)).toEqual([4, 5])
    expect(nextMatches(q.slice(1), { id: 4 }, done).map((p) => p.id)).toEqual([5])
  })
})

describe('createMatchQueue', () => {
  it('holds each partner once per page load, in order, and tells its listeners of each change', () => {
    const q = createMatchQueue()
    let changes = 0
    const stop = q.subscribe(() => changes++)
    expect(q.first()).toBeNull()
    q.add({ id: 4, name: 'Bo' })
    q.add({ id: 5, name: 'Cas' })
    q.add({ id: 4, name: 'Bo' })
    expect(q.first()?.id).toBe(4)
    // The same value while nothing changes (useSyncExternalStore needs it stable).
    expect(q.first()).toBe(q.first())
    q.shift()
    expect(q.first()?.id).toBe(5)
    // celebrated already: not again
    q.add({ id: 4, name: 'Bo' })
    q.shift()
    expect(q.first()).toBeNull()
    q.shift()
    expect(changes).toBe(4)
    stop()
    q.add({ id: 6 })
    expect(changes).toBe(4)
  })
})

describe('a live like', () => {
  const seen: string[] = []
  const record = (e: Event) => seen.push(e.type)
  afterEach(() => {
    window.removeEventListener(MATCH_EVENT, record)
    window.removeEventListener('rdv:like', record)
    seen.length = 0
  })
  it('that is a match announces the match moment before the new-like popup hears it', () => {
    window.addEventListener(MATCH_EVENT, record)
    window.addEventListener('rdv:like', record)
    const store = createStore(initialState(boot({ user: user() })))
    dispatchLive(store, { type: 'like', data: { id: 9, name: 'Bo', like_new: true, match: true } as never })
    expect(seen).toEqual([MATCH_EVENT, 'rdv:like'])
  })
  it('that is no match announces none', () => {
    window.addEventListener(MATCH_EVENT, record)
    const store = createStore(initialState(boot({ user: user() })))
    dispatchLive(store, { type: 'like', data: { id: 9, name: 'Bo', like_new: true } as never })
    expect(seen).toEqual([])
  })
})
