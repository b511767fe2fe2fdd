// Member-data actions that the chat and likes pages use.
import type { Api } from '../api/calls'
import { errorMessage } from '../api/errors'
import type { AppStore } from './store'
import { refreshChats } from './refresh'
import type { Toasts } from './toasts'

/** markConversationRead: opening a conversation sets its unread count to 0. */
export function markConversationRead(store: AppStore, conversationId: number): void {
  store.set((s) => ({
    chats: s.chats.map((c) => (c.conversation.id === conversationId ? { ...c, num_unread_messages: 0 } : c)),
  }))
}

/** clearNewLike: opening a profile clears that profile's new-like flag. */
export function clearNewLike(store: AppStore, profileId: number): void {
  store.set((s) => {
    const wasNew = s.likes.liked_by.some((l) => l.id === profileId && l.like_new)
    const likes = { ...s.likes, liked_by: s.likes.liked_by.map((l) => (l.id === profileId ? { ...l, like_new: false } : l)) }
    if (wasNew && typeof likes.new_likes === 'number') likes.new_likes = Math.max(0, likes.new_likes - 1)
    return { likes }
  })
}

/**
 * removeChat removes a conversation locally at once, then on the server; on
 * failure the error is shown in an alert and the chats are reloaded.
 */
export async function removeChat(api: Api, store: AppStore, toasts: Toasts, conversationId: number): Promise<boolean> {
  store.set((s) => ({ chats: s.chats.filter((c) => c.conversation.id !== conversationId) }))
  try {
    await api.http.del('/api/chat.php', { conversation: { id: conversationId } })
    return true
  } catch (err) {
    const message = errorMessage(err, '')
    if (message) toasts.show('errors.message', { message }, 'danger')
    else toasts.show('errors.generic', undefined, 'danger')
    await refreshChats(api, store).catch(() => {})
    return false
  }
}
