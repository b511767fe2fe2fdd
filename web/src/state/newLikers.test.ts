import { describe, expect, it } from 'vitest'
import { createNewLikerQueue } from './newLikers'

describe('createNewLikerQueue', () => {
  it('hands the likers out in order and tells its listeners of each change', () => {
    const q = createNewLikerQueue()
    let changes = 0
    const stop = q.subscribe(() => changes++)
    expect(q.first()).toBeNull()
    q.add([])
    expect(changes).toBe(0)
    q.add([{ id: 1, like_new: true }])
    q.add([{ id: 2, like_new: true }, { id: 3, like_new: true }])
    expect(q.first()?.id).toBe(1)
    // The same value while nothing changes (useSyncExternalStore needs it stable).
    expect(q.first()).toBe(q.first())
    q.shift()
    expect(q.first()?.id).toBe(2)
    q.drop(3)
    expect(q.first()?.id).toBe(2)
    q.drop(2)
    expect(q.first()).toBeNull()
    q.add([{ id: 5, like_new: true }])
    q.drop(9)
    q.clear()
    expect(q.first()).toBeNull()
    q.shift()
    q.clear()
    expect(changes).toBe(7)
    stop()
    q.add([{ id: 4, like_new: true }])
    expect(changes).toBe(7)
  })
})
