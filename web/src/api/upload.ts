// The app's one upload: a file as multipart through XMLHttpRequest, which
// (unlike fetch) reports how much of the body has been sent. The profile's
// photo manager, the signup's photo step and the chat's photos use it.
import { ABORTED, ApiError, fieldsOf } from './http'

export interface UploadOptions {
  /** fields are sent before the file, as text parts (the chat's target and client_id). */
  fields?: Record<string, string>
  /** field is the file's part name; the engine's is photo. */
  field?: string
  /** onProgress gets the share of the body sent, 0 to 1; 1 once the server answered. */
  onProgress?: (share: number) => void
  /** signal aborts the upload: it rejects with code aborted. */
  signal?: AbortSignal
  /** xhr makes the request object (tests pass a fake). */
  xhr?: () => XMLHttpRequest
}

const GENERIC = 'An error has occurred.'

/** answerOf reads a JSON answer; anything else reads as no fields. */
function answerOf(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text)
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/**
 * upload posts file to path and resolves with the JSON answer. An error
 * answer rejects with an ApiError carrying the engine's code, message and
 * fields (photo_limit's limit, ...); no answer at all is network_error and
 * an abort is aborted (status 0). Uploads are not retried: the member sees
 * the error and chooses.
 */
export function upload<T>(path: string, file: Blob, opts: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(new ApiError(ABORTED, 0, ABORTED))
      return
    }
    const xhr = opts.xhr ? opts.xhr() : new XMLHttpRequest()
    const form = new FormData()
    for (const [k, v] of Object.entries(opts.fields ?? {})) form.append(k, v)
    form.append(opts.field ?? 'photo', file, file instanceof File ? file.name : 'photo')
    const stop = () => xhr.abort()
    const done = () => opts.signal?.removeEventListener('abort', stop)
    xhr.open('POST', path)
    xhr.withCredentials = true
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(Math.min(1, e.loaded / e.total))
    }
    xhr.onload = () => {
      done()
      const body = answerOf(xhr.responseText)
      if (xhr.status >= 200 && xhr.status < 300 && body) {
        opts.onProgress?.(1)
        resolve(body as T)
        return
      }
      const obj = body ?? {}
      const message = typeof obj.message === 'string' ? obj.message : GENERIC
      reject(new ApiError(message, xhr.status >= 300 ? xhr.status : 500, typeof obj.error === 'string' ? obj.error : '', fieldsOf(obj)))
    }
    xhr.onerror = () => {
      done()
      reject(new ApiError(GENERIC, 500, 'network_error'))
    }
    xhr.onabort = () => {
      done()
      reject(new ApiError(ABORTED, 0, ABORTED))
    }
    opts.signal?.addEventListener('abort', stop)
    xhr.send(form)
  })
}
