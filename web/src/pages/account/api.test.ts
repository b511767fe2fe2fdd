import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/http'
import { uploadPhoto } from './api'

class FakeXhr {
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  status = 0
  responseText = ''
  withCredentials = false
  sent: FormData | null = null
  url = ''
  open(_m: string, url: string) {
    this.url = url
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.sent = body
  }
}

describe('uploadPhoto', () => {
  it('posts the photo field and reports the progress', async () => {
    const xhr = new FakeXhr()
    const seen: number[] = []
    const p = uploadPhoto(new Blob(['x']), (f) => seen.push(f), () => xhr as unknown as XMLHttpRequest)
    expect(xhr.url).toBe('/api/photos.php')
    expect(xhr.sent?.get('photo')).toBeTruthy()
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 })
    xhr.status = 201
    xhr.responseText = JSON.stringify({ photos: [{ id: 1, filename: 'a.jpg', thumb_filename: 'a_t.jpg', status: 'active' }] })
    xhr.onload?.()
    await expect(p).resolves.toHaveLength(1)
    expect(seen).toEqual([0.5, 1])
  })

  it('rejects with the server code', async () => {
    const xhr = new FakeXhr()
    const p = uploadPhoto(new Blob(['x']), () => {}, () => xhr as unknown as XMLHttpRequest)
    xhr.status = 415
    xhr.responseText = JSON.stringify({ error: 'photo_not_image', message: 'no' })
    xhr.onload?.()
    const e = await p.catch((x: unknown) => x)
    expect(e).toBeInstanceOf(ApiError)
    expect(e).toMatchObject({ statusCode: 415, code: 'photo_not_image' })
  })
})
