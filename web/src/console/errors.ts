import type { TFunction } from 'i18next'
import { errorText as wordError, type Text } from '../i18n/errorText'

/** consoleCodes are the texts of the engine's codes the console words itself. */
function consoleCodes(code: string, fields: Record<string, unknown>): Text | null {
  switch (code) {
    case 'login_failed':
      return ['console.login.failed']
    case 'login_blocked':
      return ['console.login.blocked', { minutes: Number(fields.minutes ?? 15) }]
    case 'totp_required':
      return ['console.login.codeNeeded']
    case 'totp_invalid':
      return ['console.totp.invalid']
    case 'console_forbidden':
      return ['console.errors.forbidden']
    case 'not_found':
      return ['console.errors.notFound']
    case 'network':
      return ['console.errors.network']
    case 'rate_limited':
      return ['console.errors.rateLimited']
    case 'cross_origin':
      return ['console.errors.crossOrigin']
    default:
      return null
  }
}

/** errorText words a failed call in the console's language by the engine's code. */
export function errorText(t: TFunction, err: unknown): string {
  return wordError(t, err, [consoleCodes], 'console.errors.generic')
}
