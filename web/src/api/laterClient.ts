import { loadOrReload } from '../app/lazyPage'
import type { ClientOptions, HttpClient, RequestOptions } from './http'

/**
 * laterClient is http.ts's client with its code fetched at the first call:
 * a page's first render makes none (the boot state carries its data), so
 * the client is not part of the code every page loads before it.
 */
export function laterClient(options: ClientOptions): HttpClient {
  let client: Promise<HttpClient> | null = null
  const load = (): Promise<HttpClient> =>
    (client ??= loadOrReload(() => import('./http')).then(
      (m) => m.createClient(options),
      (err: unknown) => {
        // The next call tries again.
        client = null
        throw err
      },
    ))
  return {
    request: <T>(method: string, path: string, opts?: RequestOptions) => load().then((c) => c.request<T>(method, path, opts)),
    get: <T>(path: string, opts?: RequestOptions) => load().then((c) => c.get<T>(path, opts)),
    post: <T>(path: string, body?: unknown, opts?: RequestOptions) => load().then((c) => c.post<T>(path, body, opts)),
    put: <T>(path: string, body?: unknown, opts?: RequestOptions) => load().then((c) => c.put<T>(path, body, opts)),
    del: <T>(path: string, body?: unknown, opts?: RequestOptions) => load().then((c) => c.del<T>(path, body, opts)),
  }
}
