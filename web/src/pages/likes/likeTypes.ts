import type { LikeListType } from '../members/discovery'

/** LIKE_TABS are the tabs of /likes/{type}; /likes is the first (who liked you). */
export const LIKE_TABS: readonly LikeListType[] = ['liked_by', 'liked', 'matches']

/** likeTypeOf reads the {type} of /likes/{type}: null for an unknown one. */
export function likeTypeOf(param: string | undefined): LikeListType | null {
  if (param === undefined || param === '') return 'liked_by'
  return (LIKE_TABS as readonly string[]).includes(param) ? (param as LikeListType) : null
}

/** tabPath is the path of a tab; the matches have a page of their own, /matches. */
export const tabPath = (type: LikeListType): string => (type === 'liked_by' ? '/likes' : type === 'matches' ? '/matches' : `/likes/${type}`)

/** entryPath: people who liked you open in the likes view (which clears the new-like flag). */
export const entryPath = (type: LikeListType, id: number): string => (type === 'liked' ? `/members/${id}` : `/likes/m/${id}`)
