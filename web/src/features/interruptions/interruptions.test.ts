import { describe, expect, it } from 'vitest'
import { arrange, editingNow, isShown, type InterruptionId } from './interruptions'

describe('arrange: one modal, one banner, one pop-up, by priority', () => {
  it.each<[string, InterruptionId[], boolean, { modal: InterruptionId | null; banner: InterruptionId | null; popup: InterruptionId | null }]>([
    ['nothing wanted', [], false, { modal: null, banner: null, popup: null }],
    [
      'right after signup on a phone: the e-mail modal, the offer banner, the like waits',
      ['activationModal', 'timeBonus', 'profilePhoto', 'push', 'newLike'],
      false,
      { modal: 'activationModal', banner: 'timeBonus', popup: null },
    ],
    ['the age gate before the e-mail confirmation', ['activationModal', 'ageGate'], false, { modal: 'ageGate', banner: null, popup: null }],
    ['e-mail confirmation before offers', ['timeBonusModal', 'activationModal'], false, { modal: 'activationModal', banner: null, popup: null }],
    ['offers before likes', ['likeModal', 'timeBonusModal'], false, { modal: 'timeBonusModal', banner: null, popup: null }],
    ['e-mail banner before the offer banner', ['timeBonus', 'activation', 'push'], false, { modal: null, banner: 'activation', popup: null }],
    ['the offer banner before the reminders', ['push', 'profilePhoto', 'timeBonus'], false, { modal: null, banner: 'timeBonus', popup: null }],
    ['the photo reminder before push', ['notificationsDisabled', 'push', 'profilePhoto'], false, { modal: null, banner: 'profilePhoto', popup: null }],
    ['ties keep the list order', ['notificationsDisabled', 'push'], false, { modal: null, banner: 'push', popup: null }],
    ['a pop-up when no modal shows', ['newLike', 'timeBonus'], false, { modal: null, banner: 'timeBonus', popup: 'newLike' }],
    ['no pop-up under a modal', ['newLike', 'likeModal'], false, { modal: 'likeModal', banner: null, popup: null }],
    ['editing: no offer modal, banners stay', ['timeBonusModal', 'timeBonus'], true, { modal: null, banner: 'timeBonus', popup: null }],
    ['editing: no e-mail modal, no like pop-up', ['activationModal', 'newLike'], true, { modal: null, banner: null, popup: null }],
    ['editing: the age gate still shows', ['ageGate', 'timeBonusModal'], true, { modal: 'ageGate', banner: null, popup: null }],
    ['editing: the signup the visitor asked for still shows', ['signup'], true, { modal: 'signup', banner: null, popup: null }],
  ])('%s', (_, wanted, editing, want) => {
    const got = arrange(wanted, editing)
    expect({ modal: got.modal, banner: got.banner, popup: got.popup }).toEqual(want)
    // What is wanted and not shown waits.
    const shown = [got.modal, got.banner, got.popup].filter(Boolean)
    expect([...got.deferred].sort()).toEqual(wanted.filter((w) => !shown.includes(w)).sort())
  })

  it('shows the next one when the first goes', () => {
    const first = arrange(['activationModal', 'timeBonusModal', 'newLike'], false)
    expect(first.modal).toBe('activationModal')
    const second = arrange(['timeBonusModal', 'newLike'], false)
    expect(second.modal).toBe('timeBonusModal')
    const third = arrange(['newLike'], false)
    expect(third.popup).toBe('newLike')
  })

  it('isShown matches the slot', () => {
    const shown = arrange(['timeBonusModal', 'timeBonus'], false)
    expect(isShown(shown, 'timeBonusModal')).toBe(true)
    expect(isShown(shown, 'timeBonus')).toBe(true)
    expect(isShown(shown, 'likeModal')).toBe(false)
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
