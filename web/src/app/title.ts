import type { ChatEntry, Likes } from '../boot/types'

/** unreadMessages is the total of the chats' unread counts. */
export const unreadMessages = (chats: readonly ChatEntry[]): number =>
  chats.reduce((n, c) => n + Math.max(0, c.num_unread_messages || 0), 0)

/** navUnread is the unread-messages badge: the boot state's count until the chats load, then the chats' total. */
export const navUnread = (s: { chats: readonly ChatEntry[]; unreadTotal: number | null }): number =>
  s.unreadTotal ?? unreadMessages(s.chats)

/** newLikes is the server's new-like count when known, else the liked-by entries flagged new. */
export const newLikes = (likes: Likes): number =>
  typeof likes.new_likes === 'number' ? Math.max(0, likes.new_likes) : likes.liked_by.filter((l) => l.like_new).length

/** attentionCount is what the title prefix and app badge show: unread messages plus new likes. */
export const attentionCount = (chats: readonly ChatEntry[], likes: Likes): number =>
  unreadMessages(chats) + newLikes(likes)

/** titleWithCount prefixes "(N) " when N is above 0. */
export function titleWithCount(title: string, count: number): string {
  const bare = title.replace(/^\(\d+\) /, '')
  return count > 0 ? `(${count}) ${bare}` : bare
}
