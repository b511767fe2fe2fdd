import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react'
import { isAborted } from '../../api/http'
import { useLoad } from '../../api/useLoad'
import type { ChatEntry, ChatMessage } from '../../boot/types'
import { errorStatus } from '../../api/errors'
import { useServices } from '../../state/context'
import { dispatchLive, onLive, type LiveEvent } from '../../state/events'
import { markConversationRead } from '../../state/member'
import { chatWithProfile, sendMessage, sendPhoto, thread, type Sent, type Target, type Thread } from './api'
import { applyRead, TYPING_SHOW_MS, typingDue } from './receipts'
import type { Outcome } from './Composer'
import { contentToSend, type Failure, failed, mergeMessage, outstanding, pending, retrying, sendFailure, type Outgoing, type Pending } from './rules'

/** Which conversation a chat screen shows: by its id, or with a profile (/members/{id}/chat). */
export type ConversationKey = { conversationId: number } | { profileId: number }

export interface ConversationView {
  status: 'loading' | 'ready' | 'error'
  /** errorCode: 404, 403 (blocked)... when status is error. */
  errorCode?: number
  errorMessage?: string
  conversationId: number
  profile: ChatEntry['profile'] | null
  messages: ChatMessage[]
  olderHidden: boolean
  blocked: boolean
  outbox: Pending[]
  /** partnerTyping: the other member is writing (a live typing signal of the last few seconds). */
  partnerTyping: boolean
  /** freeLeft: the member's free text messages left (the server's free_messages_left). */
  freeLeft: number
}

/** Thread is what the server says of the conversation; live messages and sends add to it. */
interface ThreadData {
  conversationId: number
  profile: ChatEntry['profile'] | null
  messages: ChatMessage[]
  olderHidden: boolean
  blocked: boolean
  freeLeft: number
}

const NO_PENDING: Pending[] = []

/**
 * useConversation loads a conversation, follows it live, and sends messages
 * through an outbox: each message is shown at once, and one that fails
 * stays with its reason; a retry reuses its client_id.
 */
export function useConversation(key: ConversationKey) {
  const { api, store } = useServices()
  const profileId = 'profileId' in key ? key.profileId : 0
  const keyId = 'conversationId' in key ? `c${key.conversationId}` : `p${profileId}`
  /** prompt: a send was refused for credits or premium; the member is offered the way there. */
  const [prompt, setPrompt] = useState<Failure | null>(null)
  const [outbox, setOutbox] = useState<Pending[]>(NO_PENDING)

  // A reload (after a live message or a reconnect) keeps what is shown when it fails.
  const { state, reload, update } = useLoad<ThreadData>(
    keyId,
    async (signal, shown) => {
      try {
        let id = 'conversationId' in key ? key.conversationId : (shown?.conversationId ?? 0)
        if (!id) {
          const chat = await chatWithProfile(api, profileId, signal)
          id = chat.conversation.id
          if (!id) return { conversationId: 0, profile: chat.profile, messages: [], olderHidden: false, blocked: !!chat.blocked, freeLeft: chat.free_messages_left ?? 0 }
        }
        const th = await thread(api, id, signal)
        markConversationRead(store, th.conversation.id)
        return fromThread(th)
      } catch (err) {
        if (shown && !isAborted(err)) return shown
        throw err
      }
    },
    // The boot's conversation (the page was served for it, and serving it marked it read): no load before the first view.
    { data: () => servedThread(store.get().bootThread, key) },
  )
  // The boot's conversation serves the first view only.
  useEffect(() => {
    if (store.get().bootThread) store.set({ bootThread: null })
  }, [store])
  const data = state.status === 'done' ? state.data : null
  const conversationId = data?.conversationId ?? 0
  const [partnerTyping, setPartnerTyping] = useState(false)
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const stopTyping = useCallback(() => {
    if (typingTimer.current) clearTimeout(typingTimer.current)
    typingTimer.current = null
    setPartnerTyping(false)
  }, [])
  useEffect(() => stopTyping, [stopTyping, keyId])

  // Live: read receipts mark the member's messages; a typing signal shows for a few seconds.
  const onReceipt = useEffectEvent((e: Extract<LiveEvent, { type: 'read' | 'typing' }>) => {
    if (!conversationId || e.data?.conversation?.id !== conversationId) return
    if (e.type === 'read') {
      const through = e.data.read_through
      update((d) => ({ ...d, messages: applyRead(d.messages, through) }))
      return
    }
    setPartnerTyping(true)
    if (typingTimer.current) clearTimeout(typingTimer.current)
    typingTimer.current = setTimeout(stopTyping, TYPING_SHOW_MS)
  })

  // Live: a message of this conversation shows at once and is read here.
  const onMessage = useEffectEvent((e: Extract<LiveEvent, { type: 'message' }>, reread: () => void) => {
    const mine = conversationId ? e.data.conversation.id === conversationId : profileId !== 0 && e.data.profile?.id === profileId
    if (!mine) return
    update((d) => ({ ...d, conversationId: e.data.conversation.id, messages: mergeMessage(d.messages, e.data.message) }))
    if (!e.data.message.from_me) {
      // the message they were typing has come
      stopTyping()
      markConversationRead(store, e.data.conversation.id)
      reread()
    }
  })
  useEffect(() => {
    let rereadTimer: ReturnType<typeof setTimeout> | null = null
    // opening the conversation again tells the server it is read
    const reread = () => {
      if (rereadTimer) clearTimeout(rereadTimer)
      rereadTimer = setTimeout(reload, 300)
    }
    const off = onLive((e) => {
      if (e.type === 'reconnected') reload()
      else if (e.type === 'message') onMessage(e, reread)
      else if (e.type === 'read' || e.type === 'typing') onReceipt(e)
    })
    return () => {
      off()
      if (rereadTimer) clearTimeout(rereadTimer)
    }
  }, [keyId, reload])

  const settle = useCallback(
    (p: Pending, sent: Sent, profile: ChatEntry['profile'] | null) => {
      store.set((s) => (s.user ? { user: { ...s.user, credits: sent.credits } } : {}))
      if (profile) {
        dispatchLive(store, {
          type: 'message',
          data: { conversation: { id: sent.message.conversation_id }, profile, message: sent.message, num_unread_messages: 0 },
        })
      }
      update((d) => ({ ...d, conversationId: sent.message.conversation_id, messages: mergeMessage(d.messages, sent.message), freeLeft: sent.free_messages_left }))
      setOutbox((o) => o.filter((x) => x.clientId !== p.clientId))
    },
    [store, update],
  )

  const profile = data?.profile ?? null
  const deliver = useCallback(
    async (p: Pending): Promise<Outcome> => {
      const to: Target | null = conversationId ? { conversation: conversationId } : profileId ? { profile_id: profileId } : null
      if (!to) return 'failed'
      const put = (next: Pending) =>
        setOutbox((o) => (o.some((x) => x.clientId === next.clientId) ? o.map((x) => (x.clientId === next.clientId ? next : x)) : [...o, next]))
      put(p)
      try {
        const body = contentToSend(p.content)
        let sent: Sent
        if (body) sent = await sendMessage(api, to, body, p.clientId)
        else {
          const file = (p.content as { file: Blob }).file
          sent = await sendPhoto(to, file, p.clientId, { onProgress: (f) => put({ ...p, progress: f }) })
        }
        settle(p, sent, profile)
        return 'sent'
      } catch (err) {
        const failure = sendFailure(err)
        if (failure.kind !== 'credits') {
          put(failed(p, failure))
          if (failure.kind === 'premium') setPrompt(failure)
          return 'failed'
        }
        // The balance (or a free message) did not pay: nothing is shown as
        // failed. A text goes back to the composer, which now offers the
        // credits; a gift or a photo is explained with the way to them.
        setOutbox((o) => o.filter((x) => x.clientId !== p.clientId))
        const told = failure.credits
        if (told !== undefined) store.set((s) => (s.user ? { user: { ...s.user, credits: told } } : {}))
        if ('text' in p.content) update((d) => ({ ...d, freeLeft: 0 }))
        else setPrompt(failure)
        return 'credits'
      }
    },
    [api, store, settle, update, conversationId, profileId, profile],
  )

  /** send starts a new message with a fresh client_id; it answers what became of it. */
  const send = useCallback((content: Outgoing) => deliver(pending(content)), [deliver])
  /** retry sends a failed message again with its client_id. */
  const retry = useCallback((p: Pending) => void deliver(retrying(p)), [deliver])
  /** discard drops a failed message. */
  const discard = useCallback((p: Pending) => {
    if ('preview' in p.content) URL.revokeObjectURL(p.content.preview)
    setOutbox((o) => o.filter((x) => x.clientId !== p.clientId))
  }, [])

  const closePrompt = useCallback(() => setPrompt(null), [])

  /** typing tells the other member, now and then, that the member is writing text (typing.php); failures do not matter. */
  const lastTyping = useRef(0)
  const typing = useCallback(
    (text: string) => {
      const now = Date.now()
      if (!typingDue(conversationId, text, lastTyping.current, now)) return
      lastTyping.current = now
      api.http.post<null>('/api/typing.php', { conversation: { id: conversationId } }, { retries: 0 }).catch(() => {})
    },
    [api, conversationId],
  )

  const messages = data?.messages ?? NO_MESSAGES
  const view: ConversationView =
    state.status === 'failed'
      ? { ...EMPTY, status: 'error', errorCode: errorStatus(state.error), errorMessage: state.error instanceof Error ? state.error.message : undefined }
      : data
        ? { status: 'ready', ...data, outbox: outstanding(outbox, messages), partnerTyping }
        : EMPTY
  return { view, send, retry, discard, reload, prompt, closePrompt, typing }
}

const NO_MESSAGES: ChatMessage[] = []

/** servedThread is the boot state's conversation when it is the one key asks for, as the first load would give it. */
export function servedThread(th: Thread | null, key: ConversationKey): ThreadData | null {
  if (!th || !('conversationId' in key) || th.conversation.id !== key.conversationId) return null
  return fromThread(th)
}

/** fromThread is what the chat keeps of messages.php's answer. */
const fromThread = (th: Thread): ThreadData => ({
  conversationId: th.conversation.id,
  profile: th.profile,
  messages: th.messages ?? [],
  olderHidden: !!th.older_hidden,
  blocked: !!th.blocked,
  freeLeft: th.free_messages_left ?? 0,
})

const EMPTY: ConversationView = {
  status: 'loading',
  conversationId: 0,
  profile: null,
  messages: NO_MESSAGES,
  olderHidden: false,
  blocked: false,
  outbox: NO_PENDING,
  partnerTyping: false,
  freeLeft: 0,
}
