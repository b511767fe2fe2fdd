import { useCallback, useEffect, useRef, useState } from 'react'
import type { ChatEntry, ChatMessage } from '../../boot/types'
import { errorStatus } from '../../rules/errors'
import { useServices } from '../../state/context'
import { dispatchLive, onLive } from '../../state/events'
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

const empty: ConversationView = {
  status: 'loading',
  conversationId: 0,
  profile: null,
  messages: [],
  olderHidden: false,
  blocked: false,
  outbox: [],
}

/**
 * useConversation loads a conversation, follows it live, and sends messages
 * through an outbox: each message is shown at once, and one that fails
 * stays with its reason; a retry reuses its client_id.
 */
export function useConversation(key: ConversationKey) {
  const { api, store } = useServices()
  const [view, setView] = useState<ConversationView>(empty)
  /** prompt: a send was refused for credits or premium; the member is offered the way there. */
  const [prompt, setPrompt] = useState<Failure | null>(null)
  const viewRef = useRef(view)
  viewRef.current = view
  const keyId = 'conversationId' in key ? `c${key.conversationId}` : `p${key.profileId}`

  const load = useCallback(
    async (quiet = false) => {
      if (!quiet) setView(empty)
      try {
        let id = 'conversationId' in key ? key.conversationId : viewRef.current.conversationId
        if (!id && 'profileId' in key) {
          const chat = await chatWithProfile(api, key.profileId)
          id = chat.conversation.id
          if (!id) {
            setView((v) => ({ ...v, status: 'ready', conversationId: 0, profile: chat.profile, blocked: !!chat.blocked }))
            return
          }
        }
        const th = await thread(api, id)
        markConversationRead(store, th.conversation.id)
        setView((v) => ({
          ...v,
          status: 'ready',
          conversationId: th.conversation.id,
          profile: th.profile,
          messages: th.messages ?? [],
          olderHidden: !!th.older_hidden,
          blocked: !!th.blocked,
          outbox: outstanding(v.outbox, th.messages ?? []),
        }))
      } catch (err) {
        if (quiet) return
        setView((v) => ({
          ...v,
          status: 'error',
          errorCode: errorStatus(err),
          errorMessage: err instanceof Error ? err.message : undefined,
        }))
      }
    },
    // keyId names the key
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [api, store, keyId],
  )

  useEffect(() => {
    void load()
  }, [load])

  // Live: a message of this conversation shows at once and is read here.
  useEffect(() => {
    let reread: ReturnType<typeof setTimeout> | null = null
    const off = onLive((e) => {
      const v = viewRef.current
      if (e.type === 'reconnected') {
        void load(true)
        return
      }
      if (e.type !== 'message') return
      const mine = v.conversationId
        ? e.data.conversation.id === v.conversationId
        : 'profileId' in key && e.data.profile?.id === key.profileId
      if (!mine) return
      setView((cur) => {
        const messages = mergeMessage(cur.messages, e.data.message)
        return { ...cur, conversationId: e.data.conversation.id, messages, outbox: outstanding(cur.outbox, messages) }
      })
      if (!e.data.message.from_me) {
        markConversationRead(store, e.data.conversation.id)
        // opening the conversation again tells the server it is read
        if (reread) clearTimeout(reread)
        reread = setTimeout(() => void load(true), 300)
      }
    })
    return () => {
      off()
      if (reread) clearTimeout(reread)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load, store, keyId])

  const target = (): Target | null => {
    const v = viewRef.current
    if (v.conversationId) return { conversation: v.conversationId }
    if ('profileId' in key) return { profile_id: key.profileId }
    return null
  }

  const settle = useCallback(
    (p: Pending, sent: Sent) => {
      const v = viewRef.current
      store.set((s) => (s.user ? { user: { ...s.user, credits: sent.credits } } : {}))
      if (v.profile) {
        dispatchLive(store, {
          type: 'message',
          data: { conversation: { id: sent.message.conversation_id }, profile: v.profile, message: sent.message, num_unread_messages: 0 },
        })
      }
      setView((cur) => {
        const messages = mergeMessage(cur.messages, sent.message)
        return {
          ...cur,
          conversationId: sent.message.conversation_id,
          messages,
          outbox: outstanding(
            cur.outbox.filter((x) => x.clientId !== p.clientId),
            messages,
          ),
        }
      })
    },
    [store],
  )

  const deliver = useCallback(
    async (p: Pending) => {
      const to = target()
      if (!to) return
      const put = (next: Pending) =>
        setView((cur) => ({ ...cur, outbox: cur.outbox.some((x) => x.clientId === next.clientId) ? cur.outbox.map((x) => (x.clientId === next.clientId ? next : x)) : [...cur.outbox, next] }))
      put(p)
      try {
        const body = contentToSend(p.content)
        let sent: Sent
        if (body) sent = await sendMessage(api, to, body, p.clientId)
        else {
          const file = (p.content as { file: Blob }).file
          sent = await sendPhoto(to, file, p.clientId, { onProgress: (f) => put({ ...p, progress: f }) })
        }
        settle(p, sent)
      } catch (err) {
        const failure = sendFailure(err, !!store.get().user?.paid_user)
        put(failed(p, failure))
        if (failure.kind === 'credits' || failure.kind === 'premium') setPrompt(failure)
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [api, store, settle, keyId],
  )

  /** send starts a new message with a fresh client_id. */
  const send = useCallback((content: Outgoing) => deliver(pending(content)), [deliver])
  /** retry sends a failed message again with its client_id. */
  const retry = useCallback((p: Pending) => deliver(retrying(p)), [deliver])
  /** discard drops a failed message. */
  const discard = useCallback((p: Pending) => {
    if ('preview' in p.content) URL.revokeObjectURL(p.content.preview)
    setView((cur) => ({ ...cur, outbox: cur.outbox.filter((x) => x.clientId !== p.clientId) }))
  }, [])

  const closePrompt = useCallback(() => setPrompt(null), [])

  return { view, send, retry, discard, reload: load, prompt, closePrompt }
}
