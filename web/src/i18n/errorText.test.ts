import { describe, expect, it } from 'vitest'
import { errorText, type Text } from './errorText'

class CodedError extends Error {
  constructor(
    readonly code: string,
    readonly fields: Record<string, unknown> = {},
  ) {
    super(code)
  }
}

const t = (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)
const mine = (code: string, fields: Record<string, unknown>): Text | null => (code === 'mine' ? ['texts.mine', fields] : null)
const general = (code: string): Text | null => (code === 'mine' || code === 'general' ? ['texts.general'] : null)

describe('errorText', () => {
  it('words a code by the first wording that knows it, with the answer\'s fields', () => {
    expect(errorText(t, new CodedError('mine', { n: 2 }), [mine, general], 'texts.fallback')).toBe('texts.mine {"n":2}')
    expect(errorText(t, new CodedError('general'), [mine, general], 'texts.fallback')).toBe('texts.general')
  })

  it('falls back for a code no wording knows and for an error without a code', () => {
    expect(errorText(t, new CodedError('other'), [mine, general], 'texts.fallback')).toBe('texts.fallback')
    expect(errorText(t, new Error('boom'), [mine], 'texts.fallback')).toBe('texts.fallback')
    expect(errorText(t, 'not an error', [mine], 'texts.fallback')).toBe('texts.fallback')
  })
})
