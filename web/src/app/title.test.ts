import { describe, expect, it } from 'vitest'
import type { ChatEntry } from '../boot/types'
import { attentionCount, titleWithCount } from './title'

const chat = (id: number, unread: number): ChatEntry => ({
  conversation: { id },
  profile: { id, name: `p${id}`, main_image: null },
  num_unread_messages: unread,
})

describe('title prefix', () => {
  it('counts unread messages plus new likes', () => {
    const likes = { profiles: [], liked_by: [{ id: 1, like_new: true }, { id: 2, like_new: false }, { id: 3, like_new: true }] }
    expect(attentionCount([chat(1, 2), chat(2, 0), chat(3, 5)], likes)).toBe(9)
    expect(attentionCount([], { profiles: [], liked_by: [] })).toBe(0)
  })

  it('prefixes (N) only when N is above 0, without stacking', () => {
    expect(titleWithCount('Messages | Spark', 3)).toBe('(3) Messages | Spark')
    expect(titleWithCount('(3) Messages | Spark', 4)).toBe('(4) Messages | Spark')
    expect(titleWithCount('(3) Messages | Spark', 0)).toBe('Messages | Spark')
    expect(titleWithCount('Spark', 0)).toBe('Spark')
  })
})
