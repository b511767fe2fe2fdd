import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/http'
import { enCatalogue } from '../../test/enCatalogue'
import { failureOf, galleryPhotos, giftChatPath, lockOf, parseId } from './rules'

describe('member view', () => {
  it('reads why a profile cannot be shown', () => {
    expect(failureOf(new ApiError("You're blocked by Bo.", 403, 'blocked', { name: 'Bo' }))).toEqual({ kind: 'blocked', name: 'Bo' })
    expect(failureOf(new ApiError('x', 403, 'authentication_required'))).toEqual({ kind: 'login' })
    expect(failureOf(new ApiError('x', 404, 'profile_not_found'))).toEqual({ kind: 'notFound' })
    expect(failureOf(new Error('boom'))).toEqual({ kind: 'error', message: 'boom' })
  })
  it('keeps the blocked text word for word', () => {
    const member = enCatalogue.member as Record<string, string>
    expect(member.blocked).toBe("You're blocked by {{name}}. You do not have access to this page.")
  })
  it('locks hidden photos behind premium for members and login for visitors', () => {
    expect(lockOf(0, true)).toBe('none')
    expect(lockOf(2, true)).toBe('premium')
    expect(lockOf(2, false)).toBe('login')
  })
  it('shows the main photo first once', () => {
    const main = { filename: 'a.jpg', thumb_filename: 'a_t.jpg', status: 'active' }
    const b = { filename: 'b.jpg', thumb_filename: 'b_t.jpg', status: 'active' }
    expect(galleryPhotos(main, [main, b])).toEqual([main, b])
    expect(galleryPhotos(main, [])).toEqual([main])
    expect(galleryPhotos(null, null)).toEqual([])
  })
  it('parses ids, online state and gift links', () => {
    expect(parseId('12')).toBe(12)
    expect(parseId('0')).toBeNull()
    expect(parseId('1e3')).toBeNull()
    expect(giftChatPath(5, 'rose')).toBe('/members/5/chat?gift=rose')
  })
})
