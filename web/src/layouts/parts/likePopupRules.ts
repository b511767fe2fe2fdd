// The new-like popup: who to show (the shell's NewLikersWatch queues them
// from the first render on; where the card sits and what a click does are
// popupCard.ts's, with the popup's code).
import type { LikedBy } from '../../boot/types'

/**
 * newLikers are the liked-by entries flagged new that were not there before.
 * seen is null until the likes first load: the likes a member already had
 * when the page opened are the badge's, not the popup's.
 */
export function newLikers(seen: ReadonlySet<number> | null, likedBy: readonly LikedBy[]): LikedBy[] {
  if (!seen) return []
  return likedBy.filter((l) => l.like_new && !seen.has(l.id))
}

/** shown remembers the likers already shown, so a like pops up once per page load. */
const shown = new Set<number>()

/** firstShow marks a liker shown and tells whether it was the first time. */
export function firstShow(id: number): boolean {
  if (shown.has(id)) return false
  shown.add(id)
  return true
}

/** likerPath is where a liker's profile opens: the likes view, which clears the new-like flag. */
export const likerPath = (id: number): string => `/likes/m/${id}`
