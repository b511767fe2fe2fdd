import { describe, expect, it } from 'vitest'
import { ageOn, checkAccountForm, dateOfBirth, emptyAccountForm, nextStep, passwordsDiffer, pushOnOffer, resumeStep, skippable, stepsFor } from './steps'

const today = new Date(Date.UTC(2026, 5, 15))
const valid = { ...emptyAccountForm(), gender: 'male', name: 'Bram', day: '15', month: '6', year: '2000', email: 'bram@example.test', password: 'secret1' }

describe('signup steps', () => {
  it('asks push only when the browser can subscribe and nothing is decided', () => {
    expect(stepsFor({ capability: true, subscription: null }, true)).toEqual(['message', 'photo', 'location', 'personal', 'about', 'push', 'confirm'])
    expect(stepsFor({ capability: true, subscription: false }, true)).toContain('push')
    expect(stepsFor({ capability: false, subscription: null }, true)).not.toContain('push')
    expect(stepsFor({ capability: true, subscription: 'denied' }, true)).not.toContain('push')
  })

  it('counts the same steps before the app has learnt the push state as after', () => {
    const capable = { capable: true, denied: false }
    const before = stepsFor(pushOnOffer({ capability: false, subscription: null }, capable), false)
    const after = stepsFor(pushOnOffer({ capability: true, subscription: false }, capable), false)
    expect(before).toEqual(after)
    expect(before).toContain('push')
    const blocked = { capable: true, denied: true }
    expect(stepsFor(pushOnOffer({ capability: false, subscription: null }, blocked), false)).toEqual(
      stepsFor(pushOnOffer({ capability: true, subscription: 'denied' }, blocked), false),
    )
    expect(stepsFor(pushOnOffer({ capability: false, subscription: null }, { capable: false, denied: false }), false)).not.toContain('push')
  })

  it('asks the message only when there is a recipient', () => {
    expect(stepsFor({ capability: false, subscription: null }, false)).toEqual(['account', 'photo', 'location', 'personal', 'about', 'confirm'])
    expect(stepsFor({ capability: false, subscription: null }, true)).toEqual(['message', 'photo', 'location', 'personal', 'about', 'confirm'])
    expect(nextStep(stepsFor({ capability: false, subscription: null }, false), 'account')).toBe('photo')
    expect(skippable('account')).toBe(false)
  })

  it('goes step by step and ends after the confirmation', () => {
    const steps = stepsFor({ capability: false, subscription: null }, true)
    expect(nextStep(steps, 'message')).toBe('photo')
    expect(nextStep(steps, 'about')).toBe('confirm')
    expect(nextStep(steps, 'confirm')).toBeNull()
    expect(skippable('message')).toBe(false)
    expect(skippable('photo')).toBe(true)
    expect(skippable('confirm')).toBe(false)
  })

  it('resumes where the profile is still empty', () => {
    const img = { filename: 'a', thumb_filename: 'b', status: 'active' }
    expect(resumeStep({ profile: { id: 1, name: 'A', main_image: null } })).toBe('photo')
    expect(resumeStep({ profile: { id: 1, name: 'A', main_image: img } })).toBe('location')
    expect(resumeStep({ profile: { id: 1, name: 'A', main_image: null, photos: [{ ...img, status: 'pending' }] } })).toBe('location')
    expect(resumeStep({ profile: { id: 1, name: 'A', main_image: img, region: 'NL-NH' } })).toBe('personal')
  })

  it('builds dates and refuses days that do not exist', () => {
    expect(dateOfBirth('5', '3', '1990')).toBe('1990-03-05')
    expect(dateOfBirth('31', '2', '1990')).toBeNull()
    expect(dateOfBirth('29', '2', '2001')).toBeNull()
    expect(dateOfBirth('29', '2', '2000')).toBe('2000-02-29')
    expect(dateOfBirth('', '2', '2000')).toBeNull()
    expect(ageOn('2008-06-15', today)).toBe(18)
    expect(ageOn('2008-06-16', today)).toBe(17)
  })

  it('checks the account fields by the signup\'s validation rules', () => {
    expect(checkAccountForm(valid, 18, today)).toEqual({ errors: {}, invalidDate: false })
    expect(checkAccountForm({ ...valid, name: 'bram@example.test' }, 18, today).errors.name).toEqual(['accountErrors.name_is_email'])
    expect(checkAccountForm({ ...valid, name: '@bram' }, 18, today).errors.name).toEqual(['accountErrors.name_at'])
    expect(checkAccountForm({ ...valid, email: 'nope' }, 18, today).errors.email).toEqual(['accountErrors.email_invalid'])
    expect(checkAccountForm({ ...valid, year: '2010' }, 18, today).errors.date_of_birth).toEqual(['accountErrors.date_of_birth', { min_age: 18 }])
    expect(checkAccountForm({ ...valid, year: '' }, 21, today).errors.date_of_birth).toEqual(['accountErrors.date_of_birth', { min_age: 21 }])
    expect(checkAccountForm({ ...valid, day: '31', month: '4' }, 18, today)).toEqual({ errors: {}, invalidDate: true })
    expect(checkAccountForm({ ...valid, password: '12345' }, 18, today).errors.password).toEqual(['accountErrors.password_invalid'])
    expect(checkAccountForm({ ...valid, gender: '' }, 18, today).errors.gender).toEqual(['signupFlow.errors.gender'])
    expect(passwordsDiffer('a', 'b')).toBe(true)
    expect(passwordsDiffer('a', 'a')).toBe(false)
  })
})
