// The calls of the member view (engine/server/openapi.yaml): member.php,
// like.php, block.php and gifts.php.
import { ApiError, type HttpClient } from '../../api/http'
import type { LikeResult, MemberView } from '../../api/types'

export type { Gift, MemberProfile } from '../../api/types'

/** LOGGED_OUT is the code of a call the server answered with authentication_required. */
export const LOGGED_OUT = 'authentication_required'

const need = <T>(v: T | false): T => {
  if (v === false) throw new ApiError(LOGGED_OUT, 403, LOGGED_OUT)
  return v
}

/** memberApi names the member view's calls. */
export function memberApi(http: HttpClient) {
  return {
    member: (id: number, signal?: AbortSignal) => http.get<MemberView>('/api/member.php', { query: { id }, signal }).then((r) => need(r).profile),
    like: (id: number) => http.post<LikeResult>('/api/like.php', { profile_id: id, source: 'profile' }, { retries: 0 }).then(need),
    block: (id: number) => http.post<null>('/api/block.php', { profile_id: id }, { retries: 0 }).then(need),
    unblock: (id: number) => http.del<null>('/api/block.php', { profile_id: id }, { retries: 0 }).then(need),
  }
}
