// The server's general error codes, the ones any call can answer (see
// engine/server/openapi.yaml): abuse limits (rate_limited with retry_after),
// too many event streams, a cross-origin call, a text with invalid
// characters and a body that is not JSON; and the billing calls' codes
// (packages.php, orders.php), which the credits pages and any later caller
// word alike. Pages that word their own codes
// fall back to serverErrorText, so these read the same everywhere instead of
// "please try again later".
import { ApiError } from './http'
import type { Text } from '../i18n/errorText'

export type { Text } from '../i18n/errorText'

/** retryAfterSeconds reads an error's retry_after (seconds), or null when it has none. */
export function retryAfterSeconds(fields: Record<string, unknown>): number | null {
  const raw = fields.retry_after
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN
  return Number.isFinite(n) && n > 0 ? n : null
}

/**
 * waitText words the wait of a rate_limited answer: whole minutes rounded
 * up, or seconds under a minute; "later" when the server named no wait.
 */
export function waitText(fields: Record<string, unknown>): Text {
  const seconds = retryAfterSeconds(fields)
  if (seconds === null) return ['errors.rateLimitedLater']
  if (seconds < 60) return ['errors.rateLimitedSeconds', { seconds: Math.ceil(seconds) }]
  return ['errors.rateLimited', { minutes: Math.ceil(seconds / 60) }]
}

/** codeText is the text of one of the general codes, or null for any other code. */
export function codeText(code: string, fields: Record<string, unknown> = {}): Text | null {
  switch (code) {
    case 'rate_limited':
      return waitText(fields)
    case 'too_many_streams':
      return ['errors.tooManyStreams']
    case 'cross_origin':
      return ['errors.crossOrigin']
    case 'text_invalid':
      return ['errors.textInvalid']
    case 'unsupported_media_type':
      return ['errors.unsupportedMediaType']
    case 'package_invalid':
      return ['errors.packageInvalid']
    case 'paymentmethod_invalid':
      return ['errors.paymentmethodInvalid']
    case 'country_invalid':
      return ['errors.countryInvalid']
    case 'payments_unavailable':
      return ['errors.paymentsUnavailable']
    case 'order_settled':
      return ['errors.orderSettled']
    case 'order_pending':
      return ['errors.orderPending']
    case 'order_not_found':
      return ['errors.orderNotFound']
    default:
      return null
  }
}

/** serverErrorText is the text of a failed call with a general code, or null. */
export function serverErrorText(err: unknown): Text | null {
  return err instanceof ApiError ? codeText(err.code, err.fields) : null
}

/** isRateLimited reports whether a call was refused for going over an abuse limit. */
export const isRateLimited = (err: unknown): boolean => err instanceof ApiError && err.code === 'rate_limited'
