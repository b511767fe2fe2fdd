// The own-profile and photo calls of engine/server/openapi.yaml
// (profile.php, photos.php): JSON through the app's HTTP client, uploads
// through XMLHttpRequest so the page can show their progress.
import { ApiError, type HttpClient } from '../../api/http'
import type { Image } from '../../boot/types'

/** OwnPhoto is one of the member's photos as photos.php answers it. */
export interface OwnPhoto extends Image {
  id: number
  status: 'active' | 'pending' | 'rejected' | string
  url: string
  thumb_url: string
  width?: number
  height?: number
}

/** OwnProfile is the member's profile of GET /api/profile.php, every field. */
export interface OwnProfile {
  id: number
  name: string
  age: number
  gender: string
  seeking: string
  sexuality: string
  date_of_birth: string
  country: string
  region: string
  region_name: string
  city: string
  interests: number[] | null
  hair_color: string
  eye_color: string
  body_type: string
  relationship_status: string
  tattoos: string
  about_me: string
  status: string
  invisible: boolean
  main_image: Image | null
  photos: OwnPhoto[] | null
  last_active_at?: string
}

/** ProfileOptions are the accepted values of each enumerated field. */
export type ProfileOptions = Record<string, string[]>

export interface ProfileAnswer {
  profile: OwnProfile
  options?: ProfileOptions
  photo_limit: number
}

export interface PhotosAnswer {
  photos: OwnPhoto[]
  photo_limit: number
  photo?: OwnPhoto
}

/** ProfileUpdate is a PUT body: any subset of the editable fields. */
export type ProfileUpdate = Partial<
  Pick<
    OwnProfile,
    | 'name'
    | 'gender'
    | 'seeking'
    | 'sexuality'
    | 'date_of_birth'
    | 'country'
    | 'region'
    | 'city'
    | 'hair_color'
    | 'eye_color'
    | 'body_type'
    | 'relationship_status'
    | 'tattoos'
    | 'about_me'
    | 'invisible'
  > & { interests: number[] }
>

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
