import { describe, expect, it } from 'vitest'
import { createInterruptions } from './queue'

describe('createInterruptions', () => {
  it('shows the next one when the shown one is no longer wanted, and holds modals while a form is edited', () => {
    const q = createInterruptions()
    let changes = 0
    q.subscribe(() => changes++)
    q.want('newLike', true)
    q.want('timeBonusModal', true)
    expect(q.shown()).toMatchObject({ modal: 'timeBonusModal', popup: null, deferred: ['newLike'] })
    q.setEditing(true)
    expect(q.shown()).toMatchObject({ modal: null, popup: null, deferred: ['timeBonusModal', 'newLike'] })
    q.setEditing(false)
    q.want('timeBonusModal', false)
    expect(q.shown()).toMatchObject({ modal: null, popup: 'newLike', deferred: [] })
    const before = changes
    // Asking again for what is already asked changes nothing.
    q.want('newLike', true)
    q.setEditing(false)
    expect(changes).toBe(before)
  })
})
