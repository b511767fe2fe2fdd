import { describe, expect, it } from 'vitest'
import { draftKey, dropSentDraft, loadDraft, saveDraft } from './draft'

/** memory is a Storage kept in a map. */
function memory(): Storage {
  const m = new Map<string, string>()
  return {
    get length() {
      return m.size
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, v),
  }
}

describe('draft', () => {
  it('keeps a draft per member and conversation partner', () => {
    const s = memory()
    saveDraft(draftKey(1, 7), 'hello Eva', s)
    expect(loadDraft(draftKey(1, 7), s)).toBe('hello Eva')
    expect(loadDraft(draftKey(1, 8), s)).toBe('')
    expect(loadDraft(draftKey(2, 7), s)).toBe('')
  })

  it('drops the draft once it is sent, but not a newer one', () => {
    const s = memory()
    const key = draftKey(1, 7)
    saveDraft(key, 'first', s)
    dropSentDraft(key, 'first', s)
    expect(loadDraft(key, s)).toBe('')
    saveDraft(key, 'second', s)
    dropSentDraft(key, 'first', s)
    expect(loadDraft(key, s)).toBe('second')
  })

  it('removes an empty draft and survives a storage that refuses', () => {
    const s = memory()
    saveDraft(draftKey(1, 7), 'x', s)
    saveDraft(draftKey(1, 7), '  ', s)
    expect(s.length).toBe(0)
    const refusing = { ...memory(), setItem: () => { throw new Error('full') }, getItem: () => { throw new Error('off') } } as Storage
    expect(() => saveDraft('k', 'text', refusing)).not.toThrow()
    expect(loadDraft('k', refusing)).toBe('')
    expect(loadDraft('k', null)).toBe('')
  })
})
