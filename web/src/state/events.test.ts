import { describe, expect, it, vi } from 'vitest'
import type { ChatEntry, ChatMessage, Likes } from '../boot/types'
import { createApi } from '../api/calls'
import { createClient } from '../api/http'
import { boot, user } from '../test/fixtures'
import { MAX_RECONNECT_MS, RECONNECT_MS, applyLike, applyMessage, dispatchLive, onLive, reconnectDelay, reduceLive, startLive, type MessageEventData } from './events'
import { createStore, initialState } from './store'

const msg = (over: Partial<ChatMessage> = {}): ChatMessage => ({
  id: 10,
  conversation_id: 3,
  sender_id: 9,
  from_me: false,
  kind: 'text',
  text: 'hi',
  gift: null,
  photo: null,
  credits: 0,
  created_at: '2026-01-02T10:00:00Z',
  read: false,
  ...over,
})

const entry = (id: number, unread = 0): ChatEntry => ({
  conversation: { id },
  profile: { id: 100 + id, name: `P${id}`, main_image: null },
  num_unread_messages: unread,
})

const ev = (over: Partial<MessageEventData> = {}): MessageEventData => ({
  conversation: { id: 3 },
  profile: { id: 103, name: 'P3', main_image: null },
  message: msg(),
  num_unread_messages: 2,
  ...over,
})

describe('applyMessage', () => {
  it('moves the conversation to the top with the unread count of the event', () => {
    const chats = applyMessage([entry(1), entry(3, 1)], ev())
    expect(chats.map((c) => c.conversation.id)).toEqual([3, 1])
    expect(chats[0].num_unread_messages).toBe(2)
    expect(chats[0].last_message?.text).toBe('hi')
  })

  it('adds a conversation it did not know', () => {
    const chats = applyMessage([entry(1)], ev({ conversation: { id: 5 }, num_unread_messages: 1 }))
    expect(chats).toHaveLength(2)
    expect(chats[0].conversation.id).toBe(5)
    expect(chats[0].profile.name).toBe('P3')
  })

  it("keeps the count for the member's own message", () => {
    const chats = applyMessage([entry(3, 4)], ev({ message: msg({ from_me: true }), num_unread_messages: 0 }))
    expect(chats[0].num_unread_messages).toBe(4)
  })

  it('counts one up when the event carries no count', () => {
    const chats = applyMessage([entry(3, 1)], ev({ num_unread_messages: 0 }))
    expect(chats[0].num_unread_messages).toBe(2)
  })
})

describe('applyLike and reduceLive', () => {
  const likes: Likes = { profiles: [], liked_by: [{ id: 1, like_new: false }] }

  it('puts a new like first, flagged new', () => {
    const next = applyLike(likes, { id: 2, name: 'Eva', main_image: null, like_new: true })
    expect(next.liked_by.map((l) => [l.id, l.like_new])).toEqual([
      [2, true],
      [1, false],
    ])
  })

  it('counts a server new-like count up once', () => {
    const withCount = { ...likes, new_likes: 0 }
    const once = applyLike(withCount, { id: 2, name: 'Eva', main_image: null, like_new: true })
    expect(once.new_likes).toBe(1)
    expect(applyLike(once, { id: 2, name: 'Eva', main_image: null, like_new: true }).new_likes).toBe(1)
  })

  it('updates credits and paid_user, and ignores events without a member', () => {
    const s = { chats: [], likes, user: user({ credits: 50, paid_user: false }) }
    expect(reduceLive(s, { type: 'credits', data: { credits: 40 } }).user?.credits).toBe(40)
    expect(reduceLive(s, { type: 'user', data: { paid_user: true } }).user?.paid_user).toBe(true)
    expect(reduceLive({ ...s, user: null }, { type: 'credits', data: { credits: 1 } })).toEqual({})
    expect(reduceLive(s, { type: 'message', data: null as unknown as MessageEventData })).toEqual({})
  })
})

class FakeSource {
  static last: FakeSource
  readyState = 0
  listeners = new Map<string, ((e: Event) => void)[]>()
  closed = false
  constructor(
    public url: string,
    public init?: EventSourceInit,
  ) {
    FakeSource.last = this
  }
  addEventListener(type: string, fn: (e: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn])
  }
  emit(type: string, data?: unknown) {
    const e = data === undefined ? new Event(type) : new MessageEvent(type, { data: JSON.stringify(data) })
    for (const fn of this.listeners.get(type) ?? []) fn(e)
  }
  close() {
    this.closed = true
  }
}

describe('startLive', () => {
  const setup = () => {
    const store = createStore(initialState(boot({ user: user({ credits: 50 }) })))
    const fetch = vi.fn(() => Promise.resolve(new Response('[]', { status: 200 })))
    const api = createApi(createClient({ fetch: fetch as unknown as typeof globalThis.fetch, sleep: async () => {} }))
    return { store, fetch, api }
  }

  it('dispatches the stream events into the store and to the views', () => {
    const { store, api } = setup()
    const seen: string[] = []
    const off = onLive((e) => seen.push(e.type))
    const stop = startLive(api, store, { EventSource: FakeSource as unknown as typeof EventSource })
    const es = FakeSource.last
    expect(es.url).toBe('/api/events')
    es.emit('message', ev())
    es.emit('credits', { credits: 30 })
    expect(store.get().chats[0].conversation.id).toBe(3)
    expect(store.get().user?.credits).toBe(30)
    expect(seen).toEqual(['message', 'credits'])
    stop()
    off()
    expect(es.closed).toBe(true)
  })

  it('reloads chats and likes when a dropped stream comes back', () => {
    const { store, api, fetch } = setup()
    const stop = startLive(api, store, { EventSource: FakeSource as unknown as typeof EventSource })
    const es = FakeSource.last
    es.emit('open')
    expect(fetch).not.toHaveBeenCalled()
    es.emit('error')
    es.emit('open')
    const urls = fetch.mock.calls.map((c) => String((c as unknown[])[0]))
    expect(urls).toEqual(expect.arrayContaining(['/api/chats.php', '/api/likes.php']))
    stop()
  })

  it('opens a new stream later when the browser gave up', () => {
    const { store, api } = setup()
    const timers: Array<() => void> = []
    const stop = startLive(api, store, {
      EventSource: FakeSource as unknown as typeof EventSource,
      setTimeout: (fn) => timers.push(fn),
      clearTimeout: () => {},
    })
    const first = FakeSource.last
    first.readyState = 2
    first.emit('error')
    expect(first.closed).toBe(true)
    expect(timers).toHaveLength(1)
    timers[0]()
    expect(FakeSource.last).not.toBe(first)
    stop()
  })

  it('waits longer after each refused stream (429 too_many_streams) and starts over once one opens', () => {
    const { store, api } = setup()
    const waits: number[] = []
    const timers: Array<() => void> = []
    const stop = startLive(api, store, {
      EventSource: FakeSource as unknown as typeof EventSource,
      setTimeout: (fn, ms) => {
        waits.push(ms)
        timers.push(fn)
      },
      clearTimeout: () => {},
    })
    const refuse = () => {
      const es = FakeSource.last
      es.readyState = 2
      es.emit('error')
      expect(es.closed).toBe(true)
      timers.shift()!()
      expect(FakeSource.last).not.toBe(es)
    }
    for (let i = 0; i < 7; i++) refuse()
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 600_000, 600_000])
    // a stream that opens resets the backoff; when it later closes, the next try is RECONNECT_MS away
    const good = FakeSource.last
    good.emit('open')
    good.readyState = 2
    good.emit('error')
    expect(waits.at(-1)).toBe(RECONNECT_MS)
    timers.shift()!()
    refuse()
    expect(waits.at(-1)).toBe(RECONNECT_MS)
    stop()
  })

  it('reconnectDelay doubles from RECONNECT_MS up to MAX_RECONNECT_MS', () => {
    expect(reconnectDelay(0)).toBe(RECONNECT_MS)
    expect(reconnectDelay(1)).toBe(2 * RECONNECT_MS)
    expect(reconnectDelay(50)).toBe(MAX_RECONNECT_MS)
    expect(reconnectDelay(-1)).toBe(RECONNECT_MS)
  })

  it('dispatchLive hands likes to the new-like popup', () => {
    const store = createStore(initialState(boot({ user: user() })))
    const got = vi.fn()
    window.addEventListener('rdv:like', got)
    dispatchLive(store, { type: 'like', data: { id: 4, name: 'Eva', main_image: null, like_new: true } })
    window.removeEventListener('rdv:like', got)
    expect(got).toHaveBeenCalledTimes(1)
    expect(store.get().likes.liked_by[0].id).toBe(4)
  })
})
