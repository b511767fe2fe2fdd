import { useCallback, useEffect, useEffectEvent, useState } from 'react'
import { isAborted } from '../../api/http'
import { useLoad } from '../../api/useLoad'
import type { ChatEntry, ChatMessage } from '../../boot/types'
import { errorStatus } from '../../rules/errors'
import { useServices } from '../../state/context'
import { dispatchLive, onLive, type LiveEvent } from '../../state/events'
import { markConversationRead } from '../../state/member'
import { chatWithProfile, sendMessage, sendPhoto, thread, type Sent, type Target } from './api'
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
}

/** Thread is what the server says of the conversation; live messages and sends add to it. */
interface ThreadData {
  conversationId: number
  profile: ChatEntry['profile'] | null
  messages: ChatMessage[]
  olderHidden: boolean
  blocked: boolean
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
  const { state, reload, update } = useLoad<ThreadData>(keyId, async (signal, shown) => {
    try {
      let id = 'conversationId' in key ? key.conversationId : (shown?.conversationId ?? 0)
      if (!id) {
        const chat = await chatWithProfile(api, profileId, signal)
        id = chat.conversation.id
        if (!id) return { conversationId: 0, profile: chat.profile, messages: [], olderHidden: false, blocked: !!chat.blocked }
      }
      const th = await thread(api, id, signal)
      markConversationRead(store, th.conversation.id)
      return { conversationId: th.conversation.id, profile: th.profile, messages: th.messages ?? [], olderHidden: !!th.older_hidden, blocked: !!th.blocked }
    } catch (err) {
      if (shown && !isAborted(err)) return shown
      throw err
    }
  })
  const data = state.status === 'done' ? state.data : null
  const conversationId = data?.conversationId ?? 0

  // Live: a message of this conversation shows at once and is read here.
  const onMessage = useEffectEvent((e: Extract<LiveEvent, { type: 'message' }>, reread: () => void) => {
    const mine = conversationId ? e.data.conversation.id === conversationId : profileId !== 0 && e.data.profile?.id === profileId
    if (!mine) return
    update((d) => ({ ...d, conversationId: e.data.conversation.id, messages: mergeMessage(d.messages, e.data.message) }))
    if (!e.data.message.from_me) {
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
      update((d) => ({ ...d, conversationId: sent.message.conversation_id, messages: mergeMessage(d.messages, sent.message) }))
      setOutbox((o) => o.filter((x) => x.clientId !== p.clientId))
    },
    [store, update],
  )

  const profile = data?.profile ?? null
  const deliver = useCallback(
    async (p: Pending) => {
      const to: Target | null = conversationId ? { conversation: conversationId } : profileId ? { profile_id: profileId } : null
      if (!to) return
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
      } catch (err) {
        const failure = sendFailure(err, !!store.get().user?.paid_user)
        put(failed(p, failure))
        if (failure.kind === 'credits' || failure.kind === 'premium') setPrompt(failure)
      }
    },
    [api, store, settle, conversationId, profileId, profile],
  )

  /** send starts a new message with a fresh client_id. */
  const send = useCallback((content: Outgoing) => deliver(pending(content)), [deliver])
  /** retry sends a failed message again with its client_id. */
  const retry = useCallback((p: Pending) => deliver(retrying(p)), [deliver])
  /** discard drops a failed message. */
  const discard = useCallback((p: Pending) => {
    if ('preview' in p.content) URL.revokeObjectURL(p.content.preview)
    setOutbox((o) => o.filter((x) => x.clientId !== p.clientId))
  }, [])

  const closePrompt = useCallback(() => setPrompt(null), [])

  const messages = data?.messages ?? NO_MESSAGES
  const view: ConversationView =
    state.status === 'failed'
      ? { ...EMPTY, status: 'error', errorCode: errorStatus(state.error), errorMessage: state.error instanceof Error ? state.error.message : undefined }
      : data
        ? { status: 'ready', ...data, outbox: outstanding(outbox, messages) }
        : EMPTY
  return { view, send, retry, discard, reload, prompt, closePrompt }
}

const NO_MESSAGES: ChatMessage[] = []

const EMPTY: ConversationView = {
  status: 'loading',
  conversationId: 0,
  profile: null,
  messages: NO_MESSAGES,
  olderHidden: false,
  blocked: false,
  outbox: NO_PENDING,
}
