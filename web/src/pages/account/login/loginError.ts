import { ApiError } from '../../../api/http'
import { serverErrorText } from '../../../rules/serverErrors'

/** loginErrorText picks the catalogue key (and values) for a failed login. */
export function loginErrorText(err: unknown): [string, Record<string, unknown>?] {
  if (err instanceof ApiError) {
    switch (err.code) {
      case 'login_failed':
        return ['login.failed']
      case 'login_blocked':
        return ['login.blocked', { minutes: err.fields.minutes ?? '' }]
      case 'account_pending_deletion':
        return ['login.pendingDeletion']
    }
    if (err.statusCode === 401) return ['login.failed']
  }
  return serverErrorText(err) ?? ['errors.tryLater']
}
