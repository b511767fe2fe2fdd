// The own-profile and photo calls of engine/server/openapi.yaml
// (profile.php, photos.php): JSON through the app's HTTP client, uploads
// through XMLHttpRequest so the page can show their progress.
import { ApiError, type HttpClient } from '../../api/http'
import type { PhotosAnswer, ProfileAnswer, ProfileUpdate } from '../../api/types'

export type { OwnPhoto, OwnProfile, PhotosAnswer, ProfileAnswer, ProfileUpdate } from '../../api/types'

/** ProfileOptions are the accepted values of each enumerated field. */
export type ProfileOptions = NonNullable<ProfileAnswer['options']>

const need = <T>(v: T | false): T => {
  if (v === false) throw new ApiError('authentication_required', 403, 'authentication_required')
  return v
}

const PHOTOS = '/api/photos.php'

/** profileApi names the calls of the profile page. */
export function profileApi(http: HttpClient) {
  return {
    load: () => http.get<ProfileAnswer>('/api/profile.php').then(need),
    save: (update: ProfileUpdate) => http.put<ProfileAnswer>('/api/profile.php', update, { retries: 0 }).then(need),
    photos: () => http.get<PhotosAnswer>(PHOTOS).then(need),
    makeMain: (id: number) => http.put<PhotosAnswer>(PHOTOS, undefined, { query: { id, main: 1 }, retries: 0 }).then(need),
    reorder: (order: number[]) => http.put<PhotosAnswer>(PHOTOS, { order }, { retries: 0 }).then(need),
    remove: (id: number) => http.del<PhotosAnswer>(PHOTOS, undefined, { query: { id }, retries: 0 }).then(need),
  }
}

export type ProfileApi = ReturnType<typeof profileApi>

/** Upload is one running upload: abort stops it. */
export interface Upload {
  done: Promise<PhotosAnswer>
  abort: () => void
}

/**
 * uploadPhoto sends file as the multipart field photo with XMLHttpRequest,
 * reporting the share sent (0 to 1) as the browser's upload events come.
 * An error answer rejects with an ApiError carrying the code and fields.
 */
export function uploadPhoto(file: Blob, onProgress: (share: number) => void, xhrFactory: () => XMLHttpRequest = () => new XMLHttpRequest()): Upload {
  const xhr = xhrFactory()
  const done = new Promise<PhotosAnswer>((resolve, reject) => {
    xhr.open('POST', PHOTOS)
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.withCredentials = true
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total))
    }
    xhr.onload = () => {
      let body: Record<string, unknown> = {}
      try {
        body = xhr.responseText ? (JSON.parse(xhr.responseText) as Record<string, unknown>) : {}
      } catch {
        body = {}
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1)
        resolve(body as unknown as PhotosAnswer)
        return
      }
      const { error, message, ...fields } = body
      reject(new ApiError(typeof message === 'string' ? message : xhr.statusText, xhr.status || 500, typeof error === 'string' ? error : '', fields))
    }
    xhr.onerror = () => reject(new ApiError('network_error', 500, 'network_error'))
    xhr.onabort = () => reject(new ApiError('aborted', 0, 'aborted'))
    const form = new FormData()
    form.append('photo', file, file instanceof File ? file.name : 'photo')
    xhr.send(form)
  })
  return { done, abort: () => xhr.abort() }
}
