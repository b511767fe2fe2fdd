import { nextTask } from '../boot/nextTask'

// The member app's HTTP client: JSON in and out, X-Request-Type on
// user.php (and logout.php, a GET the header guards against other sites), up to 5 retries with exponential delay for network failures and
// server errors, and a 403 authentication_required that logs out.

/** ApiError is the error object of the app: a message and a statusCode (default 500). */
export class ApiError extends Error {
  readonly statusCode: number
  readonly code: string
  readonly fields: Record<string, unknown>

  constructor(message: string, statusCode = 500, code = '', fields: Record<string, unknown> = {}) {
    super(message)
    this.name = 'ApiError'
    this.statusCode = statusCode
    this.code = code
    this.fields = fields
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>

export interface RequestOptions {
  query?: Query
  body?: unknown
  headers?: Record<string, string>
  /** retries overrides the client's retry count for this call (0: none). */
  retries?: number
  /** signal cancels the call (the page that wanted it is gone): it rejects with code aborted, never retried. */
  signal?: AbortSignal
}

export interface ClientOptions {
  fetch?: typeof fetch
  sleep?: (ms: number) => Promise<void>
  /** retries after the first attempt; 5 by default. */
  retries?: number
  /** baseDelay is the first retry's delay; each next one doubles. */
  baseDelay?: number
  /** onAuthRequired logs the member out (403 authentication_required). */
  onAuthRequired?: () => void
  /** language is the app's language, sent as Accept-Language so answers name places in it (Den Haag, Köln). */
  language?: () => string
}

export const RETRIES = 5
export const BASE_DELAY_MS = 250

export interface HttpClient {
  request<T>(method: string, path: string, opts?: RequestOptions): Promise<T | false>
  get<T>(path: string, opts?: RequestOptions): Promise<T | false>
  post<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T | false>
  put<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T | false>
  del<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T | false>
}

/** retryDelay is the wait before retry number attempt (0-based). */
export const retryDelay = (attempt: number, base = BASE_DELAY_MS): number => base * 2 ** attempt

/** isUserCall reports whether path is a call to user.php. */
export const isUserCall = (path: string): boolean => /^\/api\/user\.php(?:[?#]|$)/.test(path)

/** needsClientHeader reports whether the engine refuses path without X-Request-Type: client. */
export const needsClientHeader = (path: string): boolean => isUserCall(path) || /^\/api\/logout\.php(?:[?#]|$)/.test(path)

export function withQuery(path: string, query?: Query): string {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null) params.append(k, String(v))
  }
  const qs = params.toString()
  if (!qs) return path
  return path + (path.includes('?') ? '&' : '?') + qs
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null
  const text = await res.text()
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

const retryable = (status: number): boolean => status >= 500

/** ABORTED is the code of a call cancelled by its signal (or an upload by its abort). */
export const ABORTED = 'aborted'

/** isAborted reports whether err is a cancelled call, which nobody waits for any more. */
export const isAborted = (err: unknown): boolean => err instanceof ApiError && err.code === ABORTED

const abortedError = () => new ApiError(ABORTED, 0, ABORTED)

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** fieldsOf is an error answer's parameters: every field but error and message. */
export function fieldsOf(body: Record<string, unknown>): Record<string, unknown> {
  const fields = { ...body }
  delete fields.error
  delete fields.message
  return fields
}

export function createClient(options: ClientOptions = {}): HttpClient {
  // The browser's fetch starts in a task of its own: starting one costs a
  // phone's main thread several milliseconds, and the requests a page's
  // effects make together added up to one long task.
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => nextTask().then(() => fetch(input, init)))
  const sleep = options.sleep ?? realSleep
  const maxRetries = options.retries ?? RETRIES
  const base = options.baseDelay ?? BASE_DELAY_MS

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T | false> {
    const url = withQuery(path, opts.query)
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers }
    if (needsClientHeader(path)) headers['X-Request-Type'] = 'client'
    const language = options.language?.()
    if (language && !headers['Accept-Language']) headers['Accept-Language'] = language
    let body: string | undefined
    if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json'
      body = JSON.stringify(opts.body)
    }
    const retries = opts.retries ?? maxRetries
    const { signal } = opts
    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) throw abortedError()
      let res: Response
      try {
        res = await doFetch(url, { method, headers, body, credentials: 'same-origin', signal })
      } catch (err) {
        if (signal?.aborted) throw abortedError()
        if (attempt < retries) {
          await sleep(retryDelay(attempt, base))
          continue
        }
        throw new ApiError(err instanceof Error ? err.message : String(err), 500, 'network_error')
      }
      if (retryable(res.status) && attempt < retries) {
        await sleep(retryDelay(attempt, base))
        continue
      }
      let data: unknown
      try {
        data = await readBody(res)
      } catch (err) {
        if (signal?.aborted) throw abortedError()
        throw err
      }
      if (res.ok) return data as T
      const obj = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>
      const code = typeof obj.error === 'string' ? obj.error : ''
      if (res.status === 403 && code === 'authentication_required' && !isUserCall(path)) {
        options.onAuthRequired?.()
        return false
      }
      const message = typeof obj.message === 'string' ? obj.message : res.statusText || 'An error has occurred.'
      const fields = fieldsOf(obj)
      // An answer without retry_after in its body still names the wait in its header.
      const retryAfter = res.headers?.get?.('Retry-After')
      if (res.status === 429 && fields.retry_after === undefined && retryAfter && /^\d+$/.test(retryAfter.trim())) fields.retry_after = Number(retryAfter)
      throw new ApiError(message, res.status || 500, code, fields)
    }
  }

  return {
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    put: (path, body, opts) => request('PUT', path, { ...opts, body }),
    del: (path, body, opts) => request('DELETE', path, { ...opts, body }),
  }
}
