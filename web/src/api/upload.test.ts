import { describe, expect, it } from 'vitest'
import { ApiError, isAborted } from './http'
import { upload } from './upload'

type Progress = { lengthComputable: boolean; loaded: number; total: number }

/** FakeXhr plays a browser's upload: progress events, then an answer, an error or an abort. */
class FakeXhr {
  upload: { onprogress: ((e: Progress) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null
  status = 0
  responseText = ''
  withCredentials = false
  method = ''
  url = ''
  headers: Record<string, string> = {}
  sent: FormData | null = null
  aborted = false
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v
  }
  send(body: FormData) {
    this.sent = body
  }
  abort() {
    this.aborted = true
    this.onabort?.()
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ lengthComputable, loaded, total })
  }
  answer(status: number, body: unknown) {
    this.status = status
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body)
    this.onload?.()
  }
}

const start = <T,>(path = '/api/photos.php', opts: Parameters<typeof upload>[2] = {}) => {
  const xhr = new FakeXhr()
  const seen: number[] = []
  const p = upload<T>(path, new File(['x'], 'me.jpg', { type: 'image/jpeg' }), { onProgress: (s) => seen.push(s), ...opts, xhr: () => xhr as unknown as XMLHttpRequest })
  return { xhr, seen, p }
}

describe('upload', () => {
  it('posts the fields, then the file as photo, with the session cookie', async () => {
    const { xhr, p } = start('/api/messages.php', { fields: { conversation: '7', client_id: 'c1' } })
    expect(xhr.method).toBe('POST')
    expect(xhr.url).toBe('/api/messages.php')
    expect(xhr.withCredentials).toBe(true)
    expect(xhr.headers.Accept).toBe('application/json')
    expect([...xhr.sent!.keys()]).toEqual(['conversation', 'client_id', 'photo'])
    expect(xhr.sent!.get('conversation')).toBe('7')
    expect((xhr.sent!.get('photo') as File).name).toBe('me.jpg')
    xhr.answer(201, { message: { id: 1 }, credits: 5 })
    await expect(p).resolves.toEqual({ message: { id: 1 }, credits: 5 })
  })

  it('reports the share sent, capped at 1, then 1 on the answer', async () => {
    const { xhr, seen, p } = start()
    xhr.progress(25, 100)
    xhr.progress(10, 0)
    xhr.progress(5, 10, false)
    xhr.progress(120, 100)
    xhr.answer(201, { photos: [], photo_limit: 3 })
    await p
    expect(seen).toEqual([0.25, 1, 1])
  })

  it.each([
    { name: 'a limit with its fields', status: 403, body: { error: 'photo_limit', message: 'limit', limit: 3, premium: false }, want: { statusCode: 403, code: 'photo_limit', message: 'limit', fields: { limit: 3, premium: false } } },
    { name: 'an unsupported type', status: 415, body: { error: 'photo_not_image', message: 'no' }, want: { statusCode: 415, code: 'photo_not_image', fields: {} } },
    { name: 'logged out', status: 403, body: { error: 'authentication_required', message: 'log in' }, want: { statusCode: 403, code: 'authentication_required' } },
    { name: 'a proxy page instead of JSON', status: 502, body: '<html>bad gateway</html>', want: { statusCode: 502, code: '', message: 'An error has occurred.' } },
    { name: 'a success without JSON', status: 201, body: '', want: { statusCode: 500, code: '' } },
  ])('rejects $name with the engine code', async ({ status, body, want }) => {
    const { xhr, seen, p } = start()
    xhr.answer(status, body)
    const err = await p.catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject(want)
    expect(seen).toEqual([])
  })

  it('rejects a lost connection as network_error', async () => {
    const { xhr, p } = start()
    xhr.onerror?.()
    await expect(p).rejects.toMatchObject({ code: 'network_error', statusCode: 500 })
  })

  it('aborts through its signal', async () => {
    const ctl = new AbortController()
    const { xhr, p } = start('/api/photos.php', { signal: ctl.signal })
    xhr.progress(1, 10)
    ctl.abort()
    const err = await p.catch((e: unknown) => e)
    expect(xhr.aborted).toBe(true)
    expect(isAborted(err)).toBe(true)
    expect(err).toMatchObject({ statusCode: 0 })
  })

  it('does not start with an aborted signal', async () => {
    const ctl = new AbortController()
    ctl.abort()
    const { xhr, p } = start('/api/photos.php', { signal: ctl.signal })
    await expect(p).rejects.toMatchObject({ code: 'aborted' })
    expect(xhr.sent).toBeNull()
  })
})
