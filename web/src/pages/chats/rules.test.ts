import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/http'
import type { ChatMessage } from '../../boot/types'
import { codeText } from '../../api/serverErrors'
import { settings } from '../../test/fixtures'
import { composerState, costOf, failed, mergeMessage, minimumCost, outstanding, pending, retrying, sendFailure, textLength } from './rules'

const msg = (id: number, client_id?: string): ChatMessage => ({
  id,
  conversation_id: 1,
  sender_id: 7,
  from_me: true,
  kind: 'text',
  text: `m${id}`,
  gift: null,
  photo: null,
  credits: 10,
  client_id,
  created_at: '2026-01-01T00:00:00Z',
  read: false,
})

describe('composer', () => {
  const s = settings({ message_length: 5, message_credits: 10 })

  it('counts characters as the server does', () => {
    expect(textLength('héllo')).toBe(5)
    expect(textLength('😀😀')).toBe(2)
  })

  it('allows a text up to message_length and not an empty one', () => {
    expect(composerState('hello', s, 50)).toMatchObject({ length: 5, max: 5, over: false, canSend: true, cost: 10, short: false })
    expect(composerState('hello!', s, 50)).toMatchObject({ over: true, canSend: false })
    expect(composerState('   ', s, 50)).toMatchObject({ empty: true, canSend: false })
  })

  it('tells when the balance does not pay for the message, and then does not send it', () => {
    expect(composerState('hi', s, 9)).toMatchObject({ short: true, canSend: false })
    expect(composerState('hi', s, 10)).toMatchObject({ short: false, canSend: true })
  })

  it('spends free messages before credits, on texts that cost credits', () => {
    expect(composerState('hi', s, 0, 2)).toMatchObject({ free: true, cost: 0, short: false, canSend: true })
    expect(composerState('hi', s, 0, 0)).toMatchObject({ free: false, cost: 10, short: true, canSend: false })
    const gratis = settings({ message_length: 5, message_credits: 0 })
    expect(composerState('hi', gratis, 0, 3)).toMatchObject({ free: false, cost: 0, short: false })
  })

  it('prices texts, gifts and photos', () => {
    const t = settings({ message_credits: 10, photo_credits: 15, gift_credits: 25 })
    expect(costOf({ text: 'x' }, t)).toBe(10)
    expect(costOf({ gift_id: 'rose' }, t)).toBe(25)
    expect(costOf({ gift_id: 'diamond' }, t, { id: 'diamond', name: 'Diamond', icon: '', credits: 100 })).toBe(100)
    expect(costOf({ photo: 1 }, t)).toBe(15)
  })

  it("finds the minimum message cost of the member's country", () => {
    expect(minimumCost({ NL: { costs: 1.49, currency: 'EUR' } }, 'nl')).toEqual({ costs: 1.49, currency: 'EUR' })
    expect(minimumCost({ NL: { costs: 1.49, currency: 'EUR' } }, 'DE')).toBeNull()
  })
})

describe('sendFailure', () => {
  it('keeps a rate_limited message unsent with the wait, in the general text', () => {
    const f = sendFailure(new ApiError('slow', 429, 'rate_limited', { retry_after: 45 }))
    expect(f).toEqual({ kind: 'refused', code: 'rate_limited', message: 'slow', fields: { retry_after: 45 } })
    if (f.kind !== 'refused') throw new Error('not refused')
    expect(codeText(f.code, f.fields)).toEqual(['errors.rateLimitedSeconds', { seconds: 45 }])
  })

  const credits = new ApiError('You do not have enough credits to send this message to Eva.', 402, 'not_enough_credits', { name: 'Eva' })

  it('tells a member short of credits, with the balance the server gave', () => {
    expect(sendFailure(credits)).toEqual({ kind: 'credits', name: 'Eva' })
    const told = new ApiError('short', 402, 'not_enough_credits', { name: 'Eva', credits: 3, price: 10 })
    expect(sendFailure(told)).toEqual({ kind: 'credits', name: 'Eva', credits: 3 })
  })

  it('leads a premium-only feature to premium', () => {
    expect(sendFailure(new ApiError('x', 403, 'premium_only'))).toEqual({ kind: 'premium', to: '/premium' })
  })

  it('keeps refusals with their code and offers a retry for network and server failures', () => {
    expect(sendFailure(new ApiError('too long', 422, 'message_too_long', { max: 5 }))).toMatchObject({ kind: 'refused', code: 'message_too_long' })
    expect(sendFailure(new ApiError('down', 503, ''))).toEqual({ kind: 'retry' })
    expect(sendFailure(new ApiError('offline', 500, 'network_error'))).toEqual({ kind: 'retry' })
    expect(sendFailure(new Error('boom'))).toEqual({ kind: 'retry' })
  })
})

describe('outbox', () => {
  it('gives each new message its own client_id and a retry the same one', () => {
    let n = 0
    const make = () => `id-${++n}`
    const a = pending({ text: 'a' }, make)
    const b = pending({ text: 'b' }, make)
    expect(a.clientId).not.toBe(b.clientId)
    const f = failed(a, { kind: 'retry' })
    expect(f.status).toBe('failed')
    const again = retrying(f)
    expect(again).toEqual({ clientId: a.clientId, content: a.content, status: 'sending' })
  })

  it('uses crypto.randomUUID for client ids', () => {
    expect(pending({ text: 'x' }).clientId).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('drops outgoing messages the list holds, and merges messages in order without duplicates', () => {
    const list = mergeMessage(mergeMessage([msg(2, 'b')], msg(1, 'a')), msg(2, 'b'))
    expect(list.map((m) => m.id)).toEqual([1, 2])
    const box = [pending({ text: 'a' }, () => 'a'), pending({ text: 'c' }, () => 'c')]
    expect(outstanding(box, list).map((p) => p.clientId)).toEqual(['c'])
  })
})
