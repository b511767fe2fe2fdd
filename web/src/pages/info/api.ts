// The info page call (engine/server/openapi.yaml: page.php).
import { ApiError, type HttpClient } from '../../api/http'
import type { components } from '../../api/schema'

export type InfoPageText = components['schemas']['InfoPage']
export type InfoBlock = InfoPageText['blocks'][number]
export type InfoInline = components['schemas']['InfoInline']

/** infoPageApi loads a page's text, filled for the brand, in a language. */
export function infoPageApi(http: HttpClient) {
  return {
    page: (name: string, lang: string, signal?: AbortSignal) =>
      http.get<InfoPageText>('/api/page.php', { query: { name, lang }, signal }).then((r) => {
        if (r === false) throw new ApiError('authentication_required', 403, 'authentication_required')
        return r
      }),
  }
}
