import type { TFunction } from 'i18next'
import { ConsoleError } from './api'

/** errorText words a failed call in the console's language by the engine's code. */
export function errorText(t: TFunction, err: unknown): string {
  if (!(err instanceof ConsoleError)) return t('console.errors.generic')
  switch (err.code) {
    case 'login_failed':
      return t('console.login.failed')
    case 'login_blocked':
      return t('console.login.blocked', { minutes: Number(err.fields.minutes ?? 15) })
    case 'totp_required':
      return t('console.login.codeNeeded')
    case 'totp_invalid':
      return t('console.totp.invalid')
    case 'console_forbidden':
      return t('console.errors.forbidden')
    case 'not_found':
      return t('console.errors.notFound')
    case 'network':
      return t('console.errors.network')
    case 'rate_limited':
      return t('console.errors.rateLimited')
    case 'cross_origin':
      return t('console.errors.crossOrigin')
    default:
      return t('console.errors.generic')
  }
}
