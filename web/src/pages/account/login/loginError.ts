import { ApiError } from '../../../api/http'
import { serverErrorText } from '../../../api/serverErrors'

/** isBanned: the login was refused because operators banned the account;
 * the member is shown the ban page (/pages/ban). */
export const isBanned = (err: unknown): boolean => err instanceof ApiError && err.code === 'account_banned'

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
      case 'account_suspended': {
        const until = new Date(typeof err.fields.until === 'string' ? err.fields.until : '')
        return ['login.suspended', { until: Number.isNaN(until.getTime()) ? '' : until.toLocaleString() }]
      }
    }
    if (err.statusCode === 401) return ['login.failed']
  }
  return serverErrorText(err) ?? ['errors.tryLater']
}
