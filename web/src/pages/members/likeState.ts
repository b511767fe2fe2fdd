// How a like's answer shows: the toast a match or a refusal gets.
import { ApiError } from '../../api/http'
import { serverErrorText } from '../../rules/serverErrors'

export interface Notice {
  key: string
  values?: Record<string, string | number>
  tone: 'info' | 'danger' | 'success'
}

/** likeNotice is the toast of a like: a match celebrates, nothing else speaks. */
export function likeNotice(match: boolean, name: string): Notice | null {
  return match ? { key: 'discovery.match', values: { name }, tone: 'success' } : null
}

/** likeErrorNotice names why a like was refused (SPEC.md section 6), by the error code. */
export function likeErrorNotice(err: unknown, name: string): Notice {
  const code = err instanceof ApiError ? err.code : ''
  switch (code) {
    case 'blocked':
      return { key: 'discovery.likeError.blocked', values: { name }, tone: 'danger' }
    case 'you_blocked':
      return { key: 'discovery.likeError.youBlocked', values: { name }, tone: 'danger' }
    case 'invisible':
      return { key: 'discovery.likeError.invisible', tone: 'danger' }
    case 'swipe_limit':
      return { key: 'discovery.likeError.swipeLimit', tone: 'info' }
    case 'profile_not_found':
      return { key: 'discovery.likeError.gone', tone: 'danger' }
    default: {
      const general = serverErrorText(err)
      if (general) return { key: general[0], values: general[1] as Notice['values'], tone: err instanceof ApiError && err.code === 'rate_limited' ? 'info' : 'danger' }
      return { key: 'errors.generic', tone: 'danger' }
    }
  }
}
