import { describe, expect, it } from 'vitest'
import { ApiError } from './http'
import en from '../i18n/locales/en.json'
import { loginErrorText } from '../pages/account/login/loginError'
import { accountErrorText } from '../pages/account/shared/errors'
import { likeErrorNotice } from '../pages/members/likeState'
import { codeText, isRateLimited, retryAfterSeconds, serverErrorText, waitText } from './serverErrors'

const limited = (retry_after?: unknown) => new ApiError('slow down', 429, 'rate_limited', retry_after === undefined ? {} : { retry_after })

describe('waitText', () => {
  it.each([
    [1, ['errors.rateLimitedSeconds', { seconds: 1 }]],
    [0.2, ['errors.rateLimitedSeconds', { seconds: 1 }]],
    [59, ['errors.rateLimitedSeconds', { seconds: 59 }]],
    [60, ['errors.rateLimited', { minutes: 1 }]],
    [61, ['errors.rateLimited', { minutes: 2 }]],
    [900, ['errors.rateLimited', { minutes: 15 }]],
    [3599, ['errors.rateLimited', { minutes: 60 }]],
    ['120', ['errors.rateLimited', { minutes: 2 }]],
  ])('words a wait of %s s, minutes rounded up', (retry_after, text) => {
    expect(waitText({ retry_after })).toEqual(text)
  })

  it.each([[undefined], [0], [-5], ['soon'], [''], [null]])('says "later" when retry_after is %s', (retry_after) => {
    expect(waitText({ retry_after })).toEqual(['errors.rateLimitedLater'])
    expect(retryAfterSeconds({ retry_after })).toBeNull()
  })
})

describe('serverErrorText', () => {
  it.each([
    [limited(300), ['errors.rateLimited', { minutes: 5 }]],
    [limited(), ['errors.rateLimitedLater']],
    [new ApiError('max', 429, 'too_many_streams', { max: 5 }), ['errors.tooManyStreams']],
    [new ApiError('no', 403, 'cross_origin'), ['errors.crossOrigin']],
    [new ApiError('bad', 422, 'text_invalid', { field: 'about_me' }), ['errors.textInvalid']],
    [new ApiError('json', 415, 'unsupported_media_type'), ['errors.unsupportedMediaType']],
    [new ApiError('x', 422, 'package_invalid', { field: 'package_id' }), ['errors.packageInvalid']],
    [new ApiError('x', 422, 'paymentmethod_invalid', { field: 'paymentmethod' }), ['errors.paymentmethodInvalid']],
    [new ApiError('x', 422, 'country_invalid', { field: 'country' }), ['errors.countryInvalid']],
    [new ApiError('x', 503, 'payments_unavailable'), ['errors.paymentsUnavailable']],
    [new ApiError('x', 409, 'order_settled'), ['errors.orderSettled']],
    [new ApiError('x', 409, 'order_pending'), ['errors.orderPending']],
    [new ApiError('x', 404, 'order_not_found'), ['errors.orderNotFound']],
  ])('words the general code of %s', (err, text) => {
    expect(serverErrorText(err)).toEqual(text)
    expect(codeText(err.code, err.fields)).toEqual(text)
    // every key it names is in the catalogue
    expect((en.errors as Record<string, string>)[(text[0] as string).replace(/^errors\./, '')]).toBeTruthy()
  })

  it('leaves other errors to the page', () => {
    expect(serverErrorText(new ApiError('x', 422, 'email_invalid'))).toBeNull()
    expect(serverErrorText(new Error('rate_limited'))).toBeNull()
    expect(serverErrorText('rate_limited')).toBeNull()
    expect(isRateLimited(limited(3))).toBe(true)
    expect(isRateLimited(new ApiError('x', 429, 'login_blocked'))).toBe(false)
  })

  it('is what the account, login and like errors show instead of "try again later"', () => {
    expect(accountErrorText(limited(90))).toEqual(['errors.rateLimited', { minutes: 2 }])
    expect(accountErrorText(new ApiError('x', 403, 'cross_origin'))).toEqual(['errors.crossOrigin'])
    expect(accountErrorText(new ApiError('x', 400, 'something_else'))).toEqual(['errors.tryLater'])
    expect(loginErrorText(limited(30))).toEqual(['errors.rateLimitedSeconds', { seconds: 30 }])
    expect(loginErrorText(new ApiError('x', 429, 'login_blocked', { minutes: 15 }))).toEqual(['login.blocked', { minutes: 15 }])
    expect(likeErrorNotice(limited(600), 'Eva')).toEqual({ key: 'errors.rateLimited', values: { minutes: 10 }, tone: 'info' })
    expect(likeErrorNotice(new ApiError('x', 422, 'text_invalid'), 'Eva')).toEqual({ key: 'errors.textInvalid', tone: 'danger' })
    expect(likeErrorNotice(new ApiError('x', 400, 'odd'), 'Eva')).toEqual({ key: 'errors.generic', tone: 'danger' })
  })
})
