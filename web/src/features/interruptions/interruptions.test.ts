import { describe, expect, it } from 'vitest'
import { arrange, editingNow, isShown, type InterruptionId } from './interruptions'

describe('arrange: one interruption at a time, by rank', () => {
  it.each<[string, InterruptionId[], { editing?: boolean; held?: boolean }, InterruptionId | null]>([
    ['nothing wanted', [], {}, null],
    ['right after signup: the e-mail banner, the offer banner and the like card wait', ['activation', 'timeBonus', 'profilePhoto', 'push', 'newLike'], {}, 'activation'],
    ['the age gate before the e-mail banner', ['activation', 'ageGate'], {}, 'ageGate'],
    ['the age gate before the cookie question', ['cookies', 'ageGate'], {}, 'ageGate'],
    ['the cookie question before the e-mail banner, never both', ['activation', 'cookies'], {}, 'cookies'],
    ['editing: the cookie question waits, a banner shows', ['cookies', 'activation'], { editing: true }, 'activation'],
    ['the e-mail banner before offers', ['timeBonusModal', 'activation'], {}, 'activation'],
    ['the offer modal before likes', ['likeModal', 'timeBonusModal', 'newLike'], {}, 'timeBonusModal'],
    ['a match before a like (ties keep the list order)', ['newLike', 'match'], {}, 'match'],
    ['a like card before the offer banner', ['timeBonus', 'newLike'], {}, 'newLike'],
    ['the offer banner before the reminders', ['push', 'profilePhoto', 'timeBonus'], {}, 'timeBonus'],
    ['the photo reminder before push', ['notificationsDisabled', 'push', 'profilePhoto'], {}, 'profilePhoto'],
    ['editing: no offer modal, a banner instead', ['timeBonusModal', 'timeBonus'], { editing: true }, 'timeBonus'],
    ['editing: no like card', ['newLike'], { editing: true }, null],
    ['editing: the age gate still shows', ['ageGate', 'timeBonusModal'], { editing: true }, 'ageGate'],
    ['editing: the signup the visitor asked for still shows', ['signup'], { editing: true }, 'signup'],
    ['a page modal open: no card, no modal over it', ['match', 'newLike', 'timeBonusModal'], { held: true }, null],
    ['a page modal open: a banner stays in the page', ['newLike', 'profilePhoto'], { held: true }, 'profilePhoto'],
    ['a page modal open: the signup the visitor asked for still shows', ['signup', 'newLike'], { held: true }, 'signup'],
  ])('%s', (_, wanted, { editing = false, held = false }, want) => {
    const got = arrange(wanted, editing, held)
    expect(got.current).toBe(want)
    // What is wanted and not shown waits.
    expect([...got.deferred].sort()).toEqual(wanted.filter((w) => w !== want).sort())
  })

  it('shows the next one when the first goes', () => {
    expect(arrange(['activation', 'timeBonusModal', 'newLike'], false, false).current).toBe('activation')
    expect(arrange(['timeBonusModal', 'newLike'], false, false).current).toBe('timeBonusModal')
    expect(arrange(['newLike'], false, false).current).toBe('newLike')
  })

  it('isShown is true for the one shown only', () => {
    const shown = arrange(['timeBonusModal', 'timeBonus'], false, false)
    expect(isShown(shown, 'timeBonusModal')).toBe(true)
    expect(isShown(shown, 'timeBonus')).toBe(false)
  })
})

describe('editingNow', () => {
  it.each([
    [{ focusedField: false, dirtyForms: 0, unsavedEditForms: 0 }, false],
    [{ focusedField: true, dirtyForms: 0, unsavedEditForms: 0 }, true],
    [{ focusedField: false, dirtyForms: 1, unsavedEditForms: 0 }, true],
    [{ focusedField: false, dirtyForms: 0, unsavedEditForms: 1 }, true],
  ])('%o is %s', (state, want) => {
    expect(editingNow(state)).toBe(want)
  })
})
