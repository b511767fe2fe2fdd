import { describe, expect, it, vi } from 'vitest'
import { createApi } from './calls'
import { createClient } from './http'
import { base64UrlToBytes } from './push'

describe('push', () => {
  it('decodes a VAPID key', () => {
    expect(Array.from(base64UrlToBytes('AQID_-8'))).toEqual([1, 2, 3, 255, 239])
  })

  it('saves the subscription on user.php?push=1 with the client header', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })))
    const api = createApi(createClient({ fetch: fetch as unknown as typeof globalThis.fetch }))
    await api.savePush({ endpoint: 'https://push.example/1', keys: { p256dh: 'a', auth: 'b' } })
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/user.php?push=1')
    expect(init.method).toBe('POST')
    expect((init.headers as Record<string, string>)['X-Request-Type']).toBe('client')
    expect(JSON.parse(init.body as string)).toEqual({ subscription: { endpoint: 'https://push.example/1', keys: { p256dh: 'a', auth: 'b' } } })
  })
})
