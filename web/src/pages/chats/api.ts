// The chat calls of the member app (API.md: chat.php, messages.php, gifts.php).
import type { Api } from '../../api/calls'
import { ApiError } from '../../api/http'
import type { ChatEntry, Gift, Sent, Thread } from '../../api/types'

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
export const chatWithProfile = (api: Api, profileId: number) =>
  api.http.get<ChatEntry>('/api/chat.php', { query: { profile_id: profileId } }).then(need)

/** thread opens a conversation; the server sets its unread count to 0. */
export const thread = (api: Api, conversationId: number) =>
  api.http.get<Thread>('/api/messages.php', { query: { conversation: conversationId } }).then(need)

/**
 * sendMessage sends one message. The client retries network failures with
 * the same body, so the same client_id: the server sends and charges once.
 */
export const sendMessage = (api: Api, target: Target, content: SendContent, clientId: string) =>
  api.http.post<Sent>('/api/messages.php', { ...targetFields(target), ...content, client_id: clientId }).then(need)

let giftsCache: Promise<Gift[]> | null = null

/** gifts is the tenant's gift catalogue, loaded once. */
export function gifts(api: Api): Promise<Gift[]> {
  if (!giftsCache) {
    giftsCache = api.http.get<Gift[]>('/api/gifts.php').then((g) => need(g) ?? [])
    giftsCache.catch(() => {
      giftsCache = null
    })
  }
  return giftsCache
}

export interface UploadOptions {
  onProgress?: (fraction: number) => void
  signal?: AbortSignal
  /** xhr makes the request object (tests pass a fake). */
  xhr?: () => XMLHttpRequest
}

/** errorOf turns an error answer into the app's ApiError. */
export function errorOf(status: number, text: string): ApiError {
  let body: Record<string, unknown> = {}
  try {
    const parsed: unknown = JSON.parse(text)
    if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>
  } catch {
    // not JSON
  }
  const { error, message, ...fields } = body
  return new ApiError(
    typeof message === 'string' ? message : 'An error has occurred.',
    status || 500,
    typeof error === 'string' ? error : status ? '' : 'network_error',
    fields,
  )
}

/**
 * uploadPhoto sends a photo as a multipart message through XMLHttpRequest,
 * which reports the upload's progress.
 */
export function uploadPhoto(target: Target, file: Blob, clientId: string, opts: UploadOptions = {}): Promise<Sent> {
  return new Promise<Sent>((resolve, reject) => {
    const xhr = opts.xhr ? opts.xhr() : new XMLHttpRequest()
    const form = new FormData()
    if ('conversation' in target) form.append('conversation', String(target.conversation))
    else form.append('profile_id', String(target.profile_id))
    form.append('client_id', clientId)
    form.append('photo', file)
    xhr.open('POST', '/api/messages.php')
    xhr.withCredentials = true
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(Math.min(1, e.loaded / e.total))
    }
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as Sent)
        } catch {
          reject(errorOf(500, ''))
        }
      } else reject(errorOf(xhr.status, xhr.responseText))
    }
    xhr.onerror = () => reject(errorOf(0, ''))
    xhr.onabort = () => reject(new ApiError('aborted', 0, 'aborted'))
    opts.signal?.addEventListener('abort', () => xhr.abort())
    xhr.send(form)
  })
}
