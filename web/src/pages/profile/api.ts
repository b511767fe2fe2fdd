// The own-profile and photo calls of engine/server/openapi.yaml
// (profile.php, photos.php): JSON through the app's HTTP client, uploads
// through the app's upload, which reports their progress.
import { ApiError, type HttpClient } from '../../api/http'
import { upload } from '../../api/upload'
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
    load: (signal?: AbortSignal) => http.get<ProfileAnswer>('/api/profile.php', { signal }).then(need),
    save: (update: ProfileUpdate) => http.put<ProfileAnswer>('/api/profile.php', update, { retries: 0 }).then(need),
    photos: (signal?: AbortSignal) => http.get<PhotosAnswer>(PHOTOS, { signal }).then(need),
    makeMain: (id: number) => http.put<PhotosAnswer>(PHOTOS, undefined, { query: { id, main: 1 }, retries: 0 }).then(need),
    reorder: (order: number[]) => http.put<PhotosAnswer>(PHOTOS, { order }, { retries: 0 }).then(need),
    remove: (id: number) => http.del<PhotosAnswer>(PHOTOS, undefined, { query: { id }, retries: 0 }).then(need),
    /** upload adds a photo, reporting the share sent (0 to 1). */
    upload: (file: Blob, onProgress: (share: number) => void, signal: AbortSignal) => upload<PhotosAnswer>(PHOTOS, file, { onProgress, signal }),
  }
}

export type ProfileApi = ReturnType<typeof profileApi>
