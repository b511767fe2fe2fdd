import { ApiError } from '../../../api/http'
import { serverErrorText } from '../../../api/serverErrors'

export type { Text } from '../../../api/serverErrors'
import type { Text } from '../../../api/serverErrors'

/** The server's error codes that have a text in accountErrors. */
export const ACCOUNT_ERROR_CODES = [
  'email_invalid',
  'email_taken',
  'name_is_email',
  'name_at',
  'name_invalid',
  'name_length',
  'date_of_birth',
  'date_of_birth_invalid',
  'password_invalid',
  'gender_invalid',
  'seeking_invalid',
  'country_invalid',
  'region_invalid',
  'city_length',
  'city_invalid',
  'location_invalid',
  'signup_message_too_long',
  'invite_only',
  'login_failed',
  'login_blocked',
  'account_pending_deletion',
  'reset_limit',
  'activation_limit',
  'already_active',
  'email_not_found',
  'link_invalid',
  'passwords_differ',
  'old_password',
  'new_email_invalid',
  'email_exists',
  'nothing_to_change',
  'about_me_length',
  'about_me_invalid',
  'photo_limit',
  'photo_missing',
  'photo_not_image',
  'photo_format_unsupported',
  'photo_broken',
  'photo_too_big',
  'photo_too_small',
  'photo_dimensions',
  'coordinates_invalid',
  'place_not_found',
  'retention_offer_taken',
  'deletion_not_started',
  'retention_offer_none',
  'data_export_daily_limit',
  'orientation_consent_required',
  'consent_version_changed',
  'consent_kind_invalid',
] as const

export type AccountErrorCode = (typeof ACCOUNT_ERROR_CODES)[number]

const known = new Set<string>(ACCOUNT_ERROR_CODES)

/** The placeholder values each text takes from the error's fields (or the context). */
const VALUES: Partial<Record<AccountErrorCode, string[]>> = {
  date_of_birth: ['min_age'],
  login_blocked: ['minutes'],
  invite_only: ['sitename'],
  signup_message_too_long: ['max'],
  name_length: ['min', 'max'],
}

/** FIELDS: which form field a code belongs to, so the form can mark it. */
export const FIELD_OF: Partial<Record<AccountErrorCode, string>> = {
  email_invalid: 'email',
  email_taken: 'email',
  name_is_email: 'name',
  name_at: 'name',
  name_invalid: 'name',
  name_length: 'name',
  date_of_birth: 'date_of_birth',
  date_of_birth_invalid: 'date_of_birth',
  password_invalid: 'password',
  passwords_differ: 'password_repeat',
  old_password: 'old_password',
  new_email_invalid: 'email',
  email_exists: 'email',
  orientation_consent_required: 'orientation_consent',
}

/**
 * accountErrorText turns a failed account call into its catalogue text:
 * the server's code picks the text, its fields (or context, e.g. sitename
 * and min_age from the settings) fill the placeholders. The general codes
 * (rate_limited and the like) have their shared texts; anything else is
 * 'An error occured, please try again later.'.
 */
export function accountErrorText(err: unknown, context: Record<string, unknown> = {}): Text {
  if (err instanceof ApiError && known.has(err.code)) {
    const code = err.code as AccountErrorCode
    const names = VALUES[code]
    if (!names) return [`accountErrors.${code}`]
    const values: Record<string, unknown> = {}
    for (const n of names) values[n] = err.fields[n] ?? context[n] ?? ''
    return [`accountErrors.${code}`, values]
  }
  if (err instanceof ApiError && err.statusCode === 413) return ['accountErrors.photo_too_big']
  return serverErrorText(err) ?? ['errors.tryLater']
}

/** errorCode is the server's code of an error, '' for other failures. */
export const errorCode = (err: unknown): string => (err instanceof ApiError ? err.code : '')
