import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../api/http'
import { enCatalogue } from '../../../test/enCatalogue'
import { ACCOUNT_ERROR_CODES, accountErrorText } from './errors'

const err = (code: string, status = 422, fields: Record<string, unknown> = {}) => new ApiError('x', status, code, fields)

function lookup(key: string): unknown {
  return key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), enCatalogue)
}

describe('account error texts', () => {
  it('has an en text for every code', () => {
    for (const code of ACCOUNT_ERROR_CODES) expect(typeof lookup(`accountErrors.${code}`), code).toBe('string')
  })

  it('keeps the product\'s fixed texts word for word', () => {
    expect(lookup('accountErrors.email_invalid')).toBe('Invalid email')
    expect(lookup('accountErrors.new_email_invalid')).toBe('New email adress is invalid.')
    expect(lookup('accountErrors.email_taken')).toBe('This email address already owns an account on this website.')
    expect(lookup('accountErrors.name_is_email')).toBe('Username may not be the same as your e-mail address')
    expect(lookup('accountErrors.date_of_birth')).toBe('Enter your date of birth ({{min_age}}+)')
    expect(lookup('accountErrors.date_of_birth_invalid')).toBe('Invalid date of birth')
    expect(lookup('accountErrors.passwords_differ')).toBe('The entered passwords are not the same.')
    expect(lookup('accountErrors.reset_limit')).toBe('Too many password reset emails sent, please try again tomorrow.')
    expect(lookup('accountErrors.link_invalid')).toBe('Link expired or invalid, request a new email')
    expect(lookup('accountErrors.email_not_found')).toBe('E-mail address not found')
    expect(lookup('accountErrors.old_password')).toBe('Please check your old password.')
    expect(lookup('accountErrors.email_exists')).toBe('An account with this e-mail address already exists')
    expect(lookup('accountErrors.invite_only')).toBe('{{sitename}} is currently invite-only')
    expect(lookup('accountErrors.login_blocked')).toBe('Too many incorrect attempts, account blocked for {{minutes}} min.')
    expect(lookup('activate.errorTitle')).toBe('Activation failed')
    expect(lookup('activate.errorText')).toBe('Something went wrong, please contact {{0}} for help.')
  })

  it('maps codes to texts with their values', () => {
    expect(accountErrorText(err('email_taken', 409))).toEqual(['accountErrors.email_taken'])
    expect(accountErrorText(err('date_of_birth', 422, { min_age: 21 }))).toEqual(['accountErrors.date_of_birth', { min_age: 21 }])
    expect(accountErrorText(err('date_of_birth'), { min_age: 18 })).toEqual(['accountErrors.date_of_birth', { min_age: 18 }])
    expect(accountErrorText(err('invite_only', 403, { sitename: 'X' }))).toEqual(['accountErrors.invite_only', { sitename: 'X' }])
    expect(accountErrorText(err('login_blocked', 429, { minutes: 15 }))).toEqual(['accountErrors.login_blocked', { minutes: 15 }])
    expect(accountErrorText(err('body_too_large', 413))).toEqual(['accountErrors.photo_too_big'])
    expect(accountErrorText(err('something_new', 422))).toEqual(['errors.tryLater'])
    expect(accountErrorText(new Error('boom'))).toEqual(['errors.tryLater'])
  })
})
