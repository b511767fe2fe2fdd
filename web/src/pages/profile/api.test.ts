import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/http'
import { uploadPhoto } from './api'

/** FakeXHR plays a browser's upload: progress events, then an answer. */
class FakeXHR {
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null
  status = 0
  statusText = ''
  responseText = ''
  withCredentials = false
  sent: unknown = null
  open() {}
  setRequestHeader() {}
  send(body: unknown) {
    this.sent = body
  }
  abort() {
    this.onabort?.()
  }
  answer(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    this.onload?.()
  }
}

describe('uploadPhoto', () => {
  it('reports upload progress and resolves to the photos', async () => {
    const xhr = new FakeXHR()
    const seen: number[] = []
    const up = uploadPhoto(new Blob(['x']), (p) => seen.push(p), () => xhr as unknown as XMLHttpRequest)
    expect(xhr.sent).toBeInstanceOf(FormData)
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 })
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 })
    xhr.answer(201, { photos: [{ id: 1 }], photo_limit: 3 })
    await expect(up.done).resolves.toMatchObject({ photo_limit: 3 })
    expect(seen).toEqual([0.25, 1, 1])
  })
  it('rejects with the code and fields of an error answer', async () => {
    const xhr = new FakeXHR()
    const up = uploadPhoto(new Blob(['x']), () => {}, () => xhr as unknown as XMLHttpRequest)
    xhr.answer(403, { error: 'photo_limit', message: 'limit', limit: 3, premium: false })
    const err = await up.done.catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ statusCode: 403, code: 'photo_limit', fields: { limit: 3, premium: false } })
  })
})
