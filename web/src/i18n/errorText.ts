// Wording a failed call for the reader, shared by the member app and the
// console: both API clients' errors carry the engine's stable code and the
// answer's fields, and each caller knows its own codes' texts.

/** A catalogue key with its values. */
export type Text = [key: string, values?: Record<string, unknown>]

/** Wording is the text of the codes a caller knows, or null for any other code. */
export type Wording = (code: string, fields: Record<string, unknown>) => Text | null

type Translate = (key: string, values?: Record<string, unknown>) => string

/**
 * errorText words a failed call: the text of the first wording that knows
 * its code, or the fallback key's (an error without a code, such as a
 * program's own, reads as the fallback too).
 */
export function errorText(t: Translate, err: unknown, wordings: readonly Wording[], fallback: string): string {
  if (err instanceof Error && 'code' in err && typeof err.code === 'string') {
    const fields = 'fields' in err && err.fields && typeof err.fields === 'object' ? (err.fields as Record<string, unknown>) : {}
    for (const word of wordings) {
      const text = word(err.code, fields)
      if (text) return t(...text)
    }
  }
  return t(fallback)
}
