// The call of the member landings (engine/server/openapi.yaml):
// member-landing.php, the member as member.php shows them to the viewer,
// but never one in invisible mode.
import { ApiError, type HttpClient } from '../../api/http'
import type { paths } from '../../api/schema'
import type { MemberProfile } from '../../api/types'
import { LOGGED_OUT } from '../member/api'

type LandingAnswer = paths['/api/member-landing.php']['get']['responses'][200]['content']['application/json']

/** memberLandingApi names the landings' call; a refusal of visitors is ApiError LOGGED_OUT. */
export function memberLandingApi(http: HttpClient) {
  return {
    member: async (id: number, signal?: AbortSignal): Promise<MemberProfile> => {
      const r = await http.get<LandingAnswer>('/api/member-landing.php', { query: { id }, retries: 2, signal })
      if (r === false) throw new ApiError(LOGGED_OUT, 403, LOGGED_OUT)
      return r.profile
    },
  }
}
