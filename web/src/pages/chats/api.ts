// The chat calls of the member app (chat.php, messages.php, gifts.php).
import type { Api } from '../../api/calls'
import { ApiError } from '../../api/http'
import { upload } from '../../api/upload'
import type { ChatEntry, Sent, Thread } from '../../api/types'

export type { Sent, Thread } from '../../api/types'

/** Target names whom a message goes to: an open conversation or, for the first one, a profile. */
export type Target = { conversation: number } | { profile_id: number }

/** SendContent is one text, gift or profile photo. */
export type SendContent = { text: string } | { gift_id: string } | { photo: number }

const need = <T>(v: T | false): T => {
  if (v === false) throw new ApiError('authentication_required', 403, 'authentication_required')
  return v
}

export const targetFields = (target: Target): Record<string, number | { id: number }> =>
  'conversation' in target ? { conversation: { id: target.conversation } } : { profile_id: target.profile_id }

/** chatWithProfile: the conversation with a profile (conversation id 0 when none yet). */
export const chatWithProfile = (api: Api, profileId: number, signal?: AbortSignal) =>
  api.http.get<ChatEntry>('/api/chat.php', { query: { profile_id: profileId }, signal }).then(need)

/** thread opens a conversation; the server sets its unread count to 0. */
export const thread = (api: Api, conversationId: number, signal?: AbortSignal) =>
  api.http.get<Thread>('/api/messages.php', { query: { conversation: conversationId }, signal }).then(need)

/**
 * sendMessage sends one message. The client retries network failures with
 * the same body, so the same client_id: the server sends and charges once.
 */
export const sendMessage = (api: Api, target: Target, content: SendContent, clientId: string) =>
  api.http.post<Sent>('/api/messages.php', { ...targetFields(target), ...content, client_id: clientId }).then(need)

/**
 * sendPhoto sends a photo as a message through the app's upload, which
 * reports its progress (0 to 1); the signal aborts it.
 */
export function sendPhoto(target: Target, file: Blob, clientId: string, opts: { onProgress?: (share: number) => void; signal?: AbortSignal } = {}): Promise<Sent> {
  const to: Record<string, string> = 'conversation' in target ? { conversation: String(target.conversation) } : { profile_id: String(target.profile_id) }
  return upload<Sent>('/api/messages.php', file, { ...opts, fields: { ...to, client_id: clientId } })
}
