import { describe, expect, it } from 'vitest'
import { creditsItem, likesBadge, unreadBadge } from './badges'
import { showBackButton, showLanguageDropdown } from './rules'

describe('navigation badges', () => {
  it('caps the unread badge at 99+', () => {
    expect(unreadBadge(0)).toBeNull()
    expect(unreadBadge(1)).toBe('1')
    expect(unreadBadge(99)).toBe('99')
    expect(unreadBadge(100)).toBe('99+')
    expect(unreadBadge(2500)).toBe('99+')
  })

  it('shows new likes only when there are some', () => {
    expect(likesBadge(0)).toBeNull()
    expect(likesBadge(3)).toBe('3')
  })

  it('gives free members Get Premium and paid members Credits', () => {
    expect(creditsItem({ paid_user: false, credits: 0 })).toEqual({ kind: 'premium' })
    expect(creditsItem({ paid_user: false, credits: 500 })).toEqual({ kind: 'premium' })
    expect(creditsItem({ paid_user: true, credits: 11 })).toEqual({ kind: 'credits', badge: null })
  })

  it('shows the balance at 10 or less: warning above 0, danger at 0', () => {
    expect(creditsItem({ paid_user: true, credits: 10 })).toEqual({ kind: 'credits', badge: { text: '10', tone: 'warning' } })
    expect(creditsItem({ paid_user: true, credits: 1 })).toEqual({ kind: 'credits', badge: { text: '1', tone: 'warning' } })
    expect(creditsItem({ paid_user: true, credits: 0 })).toEqual({ kind: 'credits', badge: { text: '0', tone: 'danger' } })
  })
})

describe('back button', () => {
  it('needs installed-app mode, history longer than 1 and a member, likes, credits or payment page', () => {
    expect(showBackButton('members-id', true, 2)).toBe(true)
    expect(showBackButton('likes', true, 5)).toBe(true)
    expect(showBackButton('likes-m-id', true, 5)).toBe(true)
    expect(showBackButton('credits', true, 3)).toBe(true)
    expect(showBackButton('credits-id-paymentmethod', true, 3)).toBe(true)
    expect(showBackButton('members-id', false, 5)).toBe(false)
    expect(showBackButton('members-id', true, 1)).toBe(false)
    expect(showBackButton('index', true, 5)).toBe(false)
    expect(showBackButton('chats', true, 5)).toBe(false)
    expect(showBackButton(undefined, true, 5)).toBe(false)
  })
})

describe('language dropdown', () => {
  it('appears only with more than one locale', () => {
    expect(showLanguageDropdown(['en'])).toBe(false)
    expect(showLanguageDropdown([])).toBe(false)
    expect(showLanguageDropdown(['nl', 'en'])).toBe(true)
  })
})
