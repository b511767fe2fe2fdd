import { describe, expect, it } from 'vitest'
import { createInterruptions } from './queue'

describe('createInterruptions', () => {
  it('shows the next one when the shown one is no longer wanted, and holds modals while a form is edited', () => {
    const q = createInterruptions()
    let changes = 0
    q.subscribe(() => changes++)
    q.want('newLike', true)
    q.want('timeBonusModal', true)
    expect(q.shown()).toMatchObject({ current: 'timeBonusModal', deferred: ['newLike'] })
    q.setEditing(true)
    expect(q.shown()).toMatchObject({ current: null, deferred: ['timeBonusModal', 'newLike'] })
    q.setEditing(false)
    q.want('timeBonusModal', false)
    expect(q.shown()).toMatchObject({ current: 'newLike', deferred: [] })
    const before = changes
    // Asking again for what is already asked changes nothing.
    q.want('newLike', true)
    q.setEditing(false)
    expect(changes).toBe(before)
  })

  it('holds cards and modals while any page modal is open, and lets them go when the last one closes', () => {
    const q = createInterruptions()
    const deletion = q.hold()
    const prompt = q.hold()
    q.want('newLike', true)
    expect(q.shown().current).toBeNull()
    deletion()
    expect(q.shown().current).toBeNull()
    // Releasing twice counts once.
    deletion()
    prompt()
    expect(q.shown().current).toBe('newLike')
  })
})
