// Rules of the chat screens as plain functions: the composer's length and
// cost, what a failed send leads to, and the outbox of messages on their way
// (each with a client_id that a retry reuses, so nothing is sent twice).
import { ApiError } from '../../api/http'
import type { ChatMessage, Gift, MessageCost, Settings } from '../../boot/types'
import type { SendContent } from './api'

/** textLength counts characters as the server does (code points, not UTF-16 units). */
export const textLength = (text: string): number => Array.from(text).length

export interface ComposerState {
  length: number
  max: number
  /** over: the text is longer than message_length. */
  over: boolean
  empty: boolean
  /** canSend: the text may go, and the balance or a free message pays for it. */
  canSend: boolean
  /** cost is what the text costs: 0 while free messages last, else message_credits. */
  cost: number
  /** free: the text is one of the member's free messages. */
  free: boolean
  /** short: neither a free message nor the balance pays for this message. */
  short: boolean
}

/**
 * composerState is what the composer shows of a text: its length against
 * message_length and its price. The server spends a member's free messages
 * before their credits, on texts that cost credits.
 */
export function composerState(text: string, settings: Pick<Settings, 'message_length' | 'message_credits'>, credits: number, freeLeft = 0): ComposerState {
  const length = textLength(text)
  const max = settings.message_length > 0 ? settings.message_length : Infinity
  const over = length > max
  const empty = text.trim() === ''
  const price = Math.max(0, settings.message_credits || 0)
  const free = price > 0 && freeLeft > 0
  const cost = free ? 0 : price
  const short = credits < cost
  return { length, max, over, empty, canSend: !over && !empty && !short, cost, free, short }
}

/** costOf is the price of a message's content. */
export function costOf(content: SendContent | { file: true }, settings: Pick<Settings, 'message_credits' | 'photo_credits' | 'gift_credits'>, gift?: Gift): number {
  if ('text' in content) return settings.message_credits
  if ('gift_id' in content) return gift?.credits ?? settings.gift_credits
  return settings.photo_credits
}

/** minimumCost is the minimum message cost shown to a member of country, if the tenant sets one. */
export function minimumCost(costs: Settings['minimum_message_costs'] | undefined, country: string): MessageCost | null {
  const c = costs?.[country?.toUpperCase()]
  return c && c.costs > 0 && c.currency ? c : null
}

/** Failure is what a refused send leads to. */
export type Failure =
  /** credits: the balance does not pay; credits is the balance the server told, when it did. */
  | { kind: 'credits'; name: string; credits?: number }
  /** premium: a premium-only feature. */
  | { kind: 'premium'; to: '/premium' }
  /** refused: blocked, invisible, invalid content: the message stays unsent with the reason. */
  | { kind: 'refused'; code: string; message: string; fields: Record<string, unknown> }
  /** retry: the network or the server failed; the same client_id is sent again. */
  | { kind: 'retry' }

export function sendFailure(err: unknown): Failure {
  if (!(err instanceof ApiError)) return { kind: 'retry' }
  if (err.statusCode === 402 || err.code === 'not_enough_credits') {
    const credits = typeof err.fields.credits === 'number' ? err.fields.credits : undefined
    return { kind: 'credits', name: typeof err.fields.name === 'string' ? err.fields.name : '', ...(credits === undefined ? {} : { credits }) }
  }
  if (err.code === 'premium_only') return { kind: 'premium', to: '/premium' }
  if (err.statusCode === 0 || err.statusCode >= 500 || err.code === 'network_error') return { kind: 'retry' }
  return { kind: 'refused', code: err.code, message: err.message, fields: err.fields }
}

/** Content of an outgoing message: a text, a gift or an uploaded photo. */
export type Outgoing = { text: string } | { gift: Gift } | { file: Blob; preview: string }

export interface Pending {
  clientId: string
  content: Outgoing
  status: 'sending' | 'failed'
  /** progress of a photo upload, 0 to 1. */
  progress?: number
  failure?: Failure
}

export const newClientId = (): string =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `c-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`

/** pending starts an outgoing message with a fresh client_id. */
export const pending = (content: Outgoing, makeId: () => string = newClientId): Pending => ({
  clientId: makeId(),
  content,
  status: 'sending',
})

/** retrying sends a failed message again under the same client_id. */
export const retrying = (p: Pending): Pending => ({ clientId: p.clientId, content: p.content, status: 'sending' })

/** failed marks a message unsent with the reason. */
export const failed = (p: Pending, failure: Failure): Pending => ({ ...p, status: 'failed', failure, progress: undefined })

/** mergeMessage adds or replaces a message, keeping the list oldest first. */
export function mergeMessage(list: readonly ChatMessage[], m: ChatMessage): ChatMessage[] {
  const rest = list.filter((x) => x.id !== m.id)
  rest.push(m)
  return rest.sort((a, b) => a.id - b.id)
}

/** outstanding drops the outgoing messages that the list already holds (by client_id). */
export function outstanding(outbox: readonly Pending[], list: readonly ChatMessage[]): Pending[] {
  const sent = new Set(list.map((m) => m.client_id).filter(Boolean))
  return outbox.filter((p) => !sent.has(p.clientId))
}

/** contentToSend is the JSON body part of a text or gift. */
export function contentToSend(c: Outgoing): SendContent | null {
  if ('text' in c) return { text: c.text }
  if ('gift' in c) return { gift_id: c.gift.id }
  return null
}
