// The live stream of GET /api/events (server-sent events): new messages,
// likes, credit and user changes reach the member at once. Polling
// (state/polling.ts) stays as the fallback; after a dropped stream
// reconnects, chats and likes are reloaded because events sent while it was
// down are lost. A stream the server refuses (429 too_many_streams when the
// member has too many open, or any other failure before it opens) is tried
// again ever more slowly, up to MAX_RECONNECT_MS; polling keeps the data
// fresh meanwhile.
import { useEffect } from 'react'
import type { Api } from '../api/calls'
import type { ChatEntry, ChatMessage, LikedBy, Likes, Profile, User } from '../boot/types'
import { useAppState, useServices } from './context'
import { announceMatch } from './match'
import { refreshAll } from './refresh'
import type { AppState, AppStore } from './store'

export const EVENTS_URL = '/api/events'
/** RECONNECT_MS: how long to wait before opening a stream that the browser gave up on. */
export const RECONNECT_MS = 30_000
/** MAX_RECONNECT_MS: the longest wait between attempts when stream after stream is refused. */
export const MAX_RECONNECT_MS = 10 * 60_000

/**
 * reconnectDelay is the wait before the next stream after failures streams
 * in a row closed without ever opening: RECONNECT_MS, doubled each time, at
 * most MAX_RECONNECT_MS. The browser's EventSource does not tell the
 * status, so a 429 too_many_streams is one such failure, and a member with
 * streams open in many tabs is not hammering the server every 30 s.
 */
export const reconnectDelay = (failures: number): number => Math.min(RECONNECT_MS * 2 ** Math.max(0, failures), MAX_RECONNECT_MS)

/** MessageEventData is the data of a "message" event. */
export interface MessageEventData {
  conversation: { id: number }
  profile: ChatEntry['profile']
  message: ChatMessage
  num_unread_messages: number
}

/** ReadEventData is the data of a "read" event: the other member read the conversation up to read_through. */
export interface ReadEventData {
  conversation: { id: number }
  read_through: number
}

/** TypingEventData is the data of a "typing" event: the other member of the conversation is writing. */
export interface TypingEventData {
  conversation: { id: number }
  profile_id: number
}

/** LikeEventData is the data of a "like" event: the liker's card and the like. */
export type LikeEventData = Profile & { like_new: boolean; match?: boolean; liked_at?: string }

export type LiveEvent =
  | { type: 'message'; data: MessageEventData }
  | { type: 'like'; data: LikeEventData }
  | { type: 'credits'; data: { credits: number } }
  | { type: 'user'; data: Partial<User> }
  | { type: 'read'; data: ReadEventData }
  | { type: 'typing'; data: TypingEventData }
  /** reconnected: the stream came back after a drop; views reload what they show. */
  | { type: 'reconnected'; data: null }

export const LIVE_EVENT_TYPES = ['message', 'like', 'credits', 'user', 'read', 'typing'] as const

type LikesWithCount = Likes & { new_likes?: number }

/** applyMessage puts a message at the top of the chat list with its unread count. */
export function applyMessage(chats: readonly ChatEntry[], e: MessageEventData): ChatEntry[] {
  const existing = chats.find((c) => c.conversation.id === e.conversation.id)
  const unread = e.message.from_me
    ? (existing?.num_unread_messages ?? 0)
    : typeof e.num_unread_messages === 'number' && e.num_unread_messages > 0
      ? e.num_unread_messages
      : (existing?.num_unread_messages ?? 0) + 1
  const entry: ChatEntry = {
    ...existing,
    conversation: { id: e.conversation.id },
    profile: { ...existing?.profile, ...e.profile },
    num_unread_messages: unread,
    last_message: e.message,
    updated_at: e.message.created_at,
  }
  return [entry, ...chats.filter((c) => c.conversation.id !== e.conversation.id)]
}

/** applyLike marks the liker as a new like, first in the list. */
export function applyLike(likes: LikesWithCount, e: LikeEventData): LikesWithCount {
  const existing = likes.liked_by.find((l) => l.id === e.id)
  const entry = { ...existing, ...e, like_new: e.like_new !== false } as LikedBy
  const next: LikesWithCount = { ...likes, liked_by: [entry, ...likes.liked_by.filter((l) => l.id !== e.id)] }
  if (typeof likes.new_likes === 'number' && entry.like_new && !existing?.like_new) next.new_likes = likes.new_likes + 1
  return next
}

/** reduceLive is the store change of one live event (nothing when the member is gone). */
export function reduceLive(s: Pick<AppState, 'chats' | 'likes' | 'user'>, e: LiveEvent): Partial<AppState> {
  if (!s.user) return {}
  switch (e.type) {
    case 'message':
      return e.data?.conversation ? { chats: applyMessage(s.chats, e.data) } : {}
    case 'like':
      return e.data && typeof e.data.id === 'number' ? { likes: applyLike(s.likes, e.data) } : {}
    case 'credits':
      return typeof e.data?.credits === 'number' ? { user: { ...s.user, credits: e.data.credits } } : {}
    case 'user':
      return e.data && typeof e.data === 'object' ? { user: { ...s.user, ...e.data } } : {}
    default:
      return {}
  }
}

export type LiveListener = (e: LiveEvent) => void

const listeners = new Set<LiveListener>()

/** onLive lets a view follow the live events (an open conversation); it returns the unsubscribe. */
export function onLive(listener: LiveListener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** dispatchLive applies an event to the store and hands it to the views. */
export function dispatchLive(store: AppStore, e: LiveEvent): void {
  store.set((s) => reduceLive(s, e))
  for (const l of [...listeners]) l(e)
  if (e.type === 'like' && typeof window !== 'undefined') {
    // a like given back is a match: its moment goes first and the new-like popup leaves it out
    if (e.data?.match && typeof e.data.id === 'number') announceMatch(e.data)
    // the new-like popup listens for this
    window.dispatchEvent(new CustomEvent('rdv:like', { detail: e.data }))
  }
}

export interface LiveOptions {
  EventSource?: typeof EventSource
  setTimeout?: (fn: () => void, ms: number) => unknown
  clearTimeout?: (id: unknown) => void
}

/**
 * startLive opens the stream and dispatches its events. EventSource
 * reconnects by itself after a drop (the server asks for 3 s); when the
 * browser gives up (closed), a new stream opens after reconnectDelay, longer
 * after each stream in a row that never opened. Every reopening reloads
 * chats and likes. It returns a stop function.
 */
export function startLive(api: Api, store: AppStore, opts: LiveOptions = {}): () => void {
  const ES = opts.EventSource ?? (typeof EventSource !== 'undefined' ? EventSource : undefined)
  if (!ES) return () => {}
  const later = opts.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms))
  const cancel = opts.clearTimeout ?? ((id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>))
  let stopped = false
  let source: EventSource | null = null
  let timer: unknown = null
  let dropped = false
  /** failures: streams in a row that closed without opening. */
  let failures = 0
  let opened = false

  const handle = (type: LiveEvent['type']) => (ev: Event) => {
    let data: unknown
    try {
      data = JSON.parse((ev as MessageEvent<string>).data)
    } catch {
      return
    }
    if (data === null) {
      // too large to travel: reload instead
      void refreshAll(api, store, true)
      return
    }
    dispatchLive(store, { type, data } as LiveEvent)
  }

  const open = () => {
    if (stopped) return
    const es = new ES(EVENTS_URL, { withCredentials: true })
    source = es
    opened = false
    for (const type of LIVE_EVENT_TYPES) es.addEventListener(type, handle(type))
    es.addEventListener('open', () => {
      opened = true
      failures = 0
      if (!dropped) return
      dropped = false
      void refreshAll(api, store, true)
      dispatchLive(store, { type: 'reconnected', data: null })
    })
    es.addEventListener('error', () => {
      dropped = true
      if (es.readyState === 2 /* CLOSED */ && !stopped) {
        es.close()
        const wait = opened ? RECONNECT_MS : reconnectDelay(failures++)
        timer = later(open, wait)
      }
    })
  }
  open()
  return () => {
    stopped = true
    if (timer !== null) cancel(timer)
    source?.close()
  }
}

/** useLiveEvents keeps the stream open while a member is logged in. */
export function useLiveEvents(): void {
  const { api, store } = useServices()
  const memberId = useAppState((s) => s.user?.id ?? null)
  useEffect(() => {
    if (memberId === null) return
    return startLive(api, store)
  }, [api, store, memberId])
}
