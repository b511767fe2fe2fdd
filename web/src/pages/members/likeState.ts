// How a refused like shows: the toast naming why (a match has its moment, state/match.ts).
import { ApiError } from '../../api/http'
import { serverErrorText } from '../../api/serverErrors'

export interface Notice {
  key: string
  values?: Record<string, string | number>
  tone: 'info' | 'danger' | 'success'
}

/** likeErrorNotice names why a like was refused, by the error code. */
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
