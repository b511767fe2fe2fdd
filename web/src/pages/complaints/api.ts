// The complaints calls (engine/server/openapi.yaml: complaints.php).
import { ApiError, type HttpClient } from '../../api/http'
import type { Complaint, ComplaintInput, MemberView } from '../../api/types'

export type { Complaint, ComplaintInput } from '../../api/types'

/** The categories complaints.php accepts. */
export const CATEGORIES = ['profile', 'photo', 'message', 'payment', 'privacy', 'other'] as const satisfies readonly Category[]

type Category = NonNullable<ComplaintInput['category']>

const isCategory = (c: string): c is Category => (CATEGORIES as readonly string[]).includes(c)

/** Message bounds of a complaint, in characters. */
export const MESSAGE_MIN = 10
export const MESSAGE_MAX = 5000

const need = <T>(v: T | false): T => {
  if (v === false) throw new ApiError('authentication_required', 403, 'authentication_required')
  return v
}

export function complaintsApi(http: HttpClient) {
  return {
    list: (signal?: AbortSignal) => http.get<{ complaints: Complaint[] }>('/api/complaints.php', { signal }).then((r) => need(r).complaints ?? []),
    /** profileName is the name of the profile a complaint is about, as member.php shows it to the viewer. */
    profileName: (id: number, signal?: AbortSignal) =>
      http.get<MemberView>('/api/member.php', { query: { id }, signal }).then((r) => need(r).profile.name),
    file: (c: ComplaintInput) => http.post<{ complaint: Complaint }>('/api/complaints.php', c, { retries: 0 }).then((r) => need(r).complaint),
  }
}

/** complaintInput trims the form into a body, leaving out empty optional fields. */
export function complaintInput(form: { category: string; name: string; email: string; message: string; profileId: number | null }, loggedIn: boolean): ComplaintInput {
  const out: ComplaintInput = { message: form.message.trim() }
  if (isCategory(form.category)) out.category = form.category
  if (!loggedIn && form.name.trim()) out.name = form.name.trim()
  if (!loggedIn && form.email.trim()) out.email = form.email.trim()
  if (form.profileId) out.profile_id = form.profileId
  return out
}
