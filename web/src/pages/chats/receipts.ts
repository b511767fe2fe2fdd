// Read receipts and the typing indicator of an open conversation, as plain
// functions. Both travel over the live stream (state/events.ts): "read"
// when the other member opened the conversation, "typing" while they write
// (POST /api/typing.php, never stored).
import type { ChatMessage } from '../../boot/types'

/** TYPING_EVERY_MS: while the member writes, one typing signal goes out at most this often. */
export const TYPING_EVERY_MS = 3_000
/** TYPING_SHOW_MS: the partner's typing shows this long after their last signal (a signal is lost now and then). */
export const TYPING_SHOW_MS = 6_000

/** applyRead marks the member's own messages up to readThrough as read; the list is returned as is when nothing changes. */
export function applyRead(list: ChatMessage[], readThrough: number): ChatMessage[] {
  if (!list.some((m) => m.from_me && !m.read && m.id <= readThrough)) return list
  return list.map((m) => (m.from_me && !m.read && m.id <= readThrough ? { ...m, read: true } : m))
}

/**
 * typingDue tells whether a keystroke at now sends a typing signal: only in
 * a conversation that exists, with something written, and not sooner than
 * TYPING_EVERY_MS after the last one (lastAt, 0 for none).
 */
export function typingDue(conversationId: number, text: string, lastAt: number, now: number): boolean {
  return conversationId > 0 && text.trim() !== '' && (lastAt === 0 || now - lastAt >= TYPING_EVERY_MS)
}
