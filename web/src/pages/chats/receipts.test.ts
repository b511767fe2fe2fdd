import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '../../boot/types'
import { applyRead, TYPING_EVERY_MS, typingDue } from './receipts'

const msg = (id: number, from_me: boolean, read = false): ChatMessage => ({
  id,
  conversation_id: 1,
  sender_id: from_me ? 7 : 8,
  from_me,
  kind: 'text',
  text: `m${id}`,
  gift: null,
  photo: null,
  credits: 0,
  created_at: '2026-01-01T00:00:00Z',
  read,
})

describe('read receipts', () => {
  it("marks the member's own messages up to read_through, nothing else", () => {
    const list = [msg(1, true), msg(2, false), msg(3, true), msg(4, true)]
    const out = applyRead(list, 3)
    expect(out.map((m) => m.read)).toEqual([true, false, true, false])
    expect(list.every((m) => !m.read)).toBe(true)
  })
  it('keeps the same list when nothing changes, so nothing re-renders', () => {
    const list = [msg(1, true, true), msg(2, false)]
    expect(applyRead(list, 2)).toBe(list)
    expect(applyRead(list, 0)).toBe(list)
  })
})

describe('typing signals', () => {
  it.each([
    ['first keystroke', 5, 'h', 0, 1_000, true],
    ['no conversation yet', 0, 'h', 0, 1_000, false],
    ['empty text', 5, '   ', 0, 1_000, false],
    ['too soon', 5, 'hi', 1_000, 1_000 + TYPING_EVERY_MS - 1, false],
    ['after the interval', 5, 'hi', 1_000, 1_000 + TYPING_EVERY_MS, true],
  ])('%s', (_, conversation, text, last, now, want) => {
    expect(typingDue(conversation, text, last, now)).toBe(want)
  })
})
