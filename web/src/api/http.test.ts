import { describe, expect, it, vi } from 'vitest'
import { ApiError, RETRIES, createClient, isAborted, retryDelay } from './http'

const json = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

function setup(responses: (Response | Error)[]) {
  const calls: { url: string; init: RequestInit }[] = []
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    calls.push({ url, init: init ?? {} })
    const next = responses.length > 1 ? responses.shift()! : responses[0]
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next.clone())
  })
  const sleeps: number[] = []
  const sleep = vi.fn((ms: number) => {
    sleeps.push(ms)
    return Promise.resolve()
  })
  const onAuthRequired = vi.fn()
  const client = createClient({ fetch: fetch as unknown as typeof globalThis.fetch, sleep, onAuthRequired })
  return { client, calls, sleeps, onAuthRequired }
}

describe('http client', () => {
  it('retries a server error 5 times with exponential delays, then fails', async () => {
    const { client, calls, sleeps } = setup([json(503, { error: 'unavailable', message: 'down' })])
    await expect(client.get('/api/settings.php')).rejects.toMatchObject({ statusCode: 503, code: 'unavailable' })
    expect(RETRIES).toBe(5)
    expect(calls).toHaveLength(6)
    expect(sleeps).toEqual([250, 500, 1000, 2000, 4000])
    expect(retryDelay(3, 100)).toBe(800)
  })

  it('retries network failures and returns the answer that finally comes', async () => {
    const { client, calls } = setup([new TypeError('Failed to fetch'), new TypeError('Failed to fetch'), json(200, { ok: 1 })])
    await expect(client.get('/api/interests.php')).resolves.toEqual({ ok: 1 })
    expect(calls).toHaveLength(3)
  })

  it('does not retry a client error and gives its code, message and fields', async () => {
    const { client, calls } = setup([json(429, { error: 'login_blocked', message: 'blocked', minutes: 15 })])
    const err = await client.post('/api/user.php', { email: 'a', password: 'b' }).catch((e: unknown) => e)
    expect(calls).toHaveLength(1)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ statusCode: 429, code: 'login_blocked', message: 'blocked', fields: { minutes: 15 } })
  })

  it('gives a 429 rate_limited its wait from the body, or from Retry-After when the body has none', async () => {
    const body = setup([json(429, { error: 'rate_limited', message: 'slow', retry_after: 42 })])
    await expect(body.client.post('/api/complaints.php', {})).rejects.toMatchObject({ code: 'rate_limited', fields: { retry_after: 42 } })
    const header = setup([new Response(JSON.stringify({ error: 'rate_limited', message: 'slow' }), { status: 429, headers: { 'Retry-After': '120' } })])
    await expect(header.client.post('/api/like.php', {})).rejects.toMatchObject({ code: 'rate_limited', fields: { retry_after: 120 } })
    expect(header.calls).toHaveLength(1)
  })

  it('declares every JSON body as application/json (the server refuses other bodies)', async () => {
    const { client, calls } = setup([json(200, {})])
    await client.post('/api/messages.php', { text: 'hi' })
    await client.put('/api/profile.php', { city: 'Utrecht' })
    await client.del('/api/block.php', { profile_id: 1 })
    await client.request('PATCH', '/api/x.php', { body: [] })
    expect(calls).toHaveLength(4)
    for (const c of calls) {
      expect((c.init.headers as Record<string, string>)['Content-Type']).toBe('application/json')
      expect(typeof c.init.body).toBe('string')
    }
  })

  it("sends the app's language as Accept-Language, so places come named in it", async () => {
    let lang = 'nl'
    const calls: RequestInit[] = []
    const fetch = vi.fn((_url: string, init?: RequestInit) => {
      calls.push(init ?? {})
      return Promise.resolve(json(200, {}))
    })
    const client = createClient({ fetch: fetch as unknown as typeof globalThis.fetch, language: () => lang })
    await client.get('/api/regions.php')
    lang = 'de'
    await client.get('/api/geocode.php')
    expect(calls.map((c) => (c.headers as Record<string, string>)['Accept-Language'])).toEqual(['nl', 'de'])
  })

  it('sends X-Request-Type: client on user.php and logout.php only', async () => {
    const { client, calls } = setup([json(200, { user: null })])
    await client.get('/api/user.php')
    await client.post('/api/user.php', { email: 'x' })
    await client.get('/api/settings.php', { query: { domain: 'localhost' } })
    await client.get('/api/logout.php')
    const header = (i: number) => (calls[i].init.headers as Record<string, string>)['X-Request-Type']
    expect(header(0)).toBe('client')
    expect(header(1)).toBe('client')
    expect(header(2)).toBeUndefined()
    expect(header(3)).toBe('client')
    expect(calls[2].url).toBe('/api/settings.php?domain=localhost')
    expect(calls[1].init.body).toBe('{"email":"x"}')
  })

  it('logs out and resolves false on 403 authentication_required', async () => {
    const { client, onAuthRequired } = setup([json(403, { error: 'authentication_required', message: 'log in' })])
    await expect(client.get('/api/chats.php')).resolves.toBe(false)
    expect(onAuthRequired).toHaveBeenCalledTimes(1)
  })

  it('keeps 403 authentication_required of user.php an error', async () => {
    const { client, onAuthRequired } = setup([json(403, { error: 'authentication_required', message: 'log in' })])
    await expect(client.get('/api/user.php')).rejects.toMatchObject({ statusCode: 403 })
    expect(onAuthRequired).not.toHaveBeenCalled()
  })

  it('treats other 403s as errors without logging out', async () => {
    const { client, onAuthRequired } = setup([json(403, { error: 'blocked', message: 'no' })])
    await expect(client.get('/api/member.php')).rejects.toMatchObject({ code: 'blocked' })
    expect(onAuthRequired).not.toHaveBeenCalled()
  })

  it('answers null for 204', async () => {
    const { client } = setup([new Response(null, { status: 204 })])
    await expect(client.get('/api/logout.php')).resolves.toBeNull()
  })

  it('defaults the error status to 500 when there is none', () => {
    expect(new ApiError('x').statusCode).toBe(500)
  })

  it('passes the signal to fetch and never retries a cancelled call', async () => {
    const ctl = new AbortController()
    const { client, calls, sleeps } = setup([new Error('The operation was aborted')])
    ctl.abort()
    const err = await client.get('/api/likes.php', { signal: ctl.signal }).catch((e: unknown) => e)
    expect(isAborted(err)).toBe(true)
    expect(calls).toHaveLength(0)
    expect(sleeps).toEqual([])
  })

  it('stops retrying when the signal aborts during a failing call', async () => {
    const ctl = new AbortController()
    const { client, calls } = setup([new Error('network down')])
    const fetchFails = client.get('/api/likes.php', { signal: ctl.signal })
    ctl.abort()
    await expect(fetchFails).rejects.toMatchObject({ code: 'aborted', statusCode: 0 })
    expect(calls.length).toBeLessThanOrEqual(1)
    expect(calls[0]?.init.signal).toBe(ctl.signal)
  })
})
