import { describe, expect, it } from 'vitest'
import { firstShow, likerPath, newLikers } from './likePopupRules'
import { cardBottom, GAP_PX, popupClick, targetOf } from './popupCard'

describe('new-like popup rules', () => {
  it('shows only likes that arrive after the first load', () => {
    const first = [
      { id: 1, like_new: true },
      { id: 2, like_new: false },
    ]
    expect(newLikers(null, first)).toEqual([])
    const seen = new Set(first.map((l) => l.id))
    expect(newLikers(seen, [{ id: 3, like_new: true }, ...first])).toEqual([{ id: 3, like_new: true }])
    expect(newLikers(seen, [{ id: 4, like_new: false }, ...first])).toEqual([])
  })

  it('closes on a click anywhere, opens the profile from the photo, presses from the button', () => {
    expect(popupClick('elsewhere', 9)).toEqual({ close: true })
    expect(popupClick('photo', 9)).toEqual({ close: true, open: 9 })
    expect(popupClick('button', 9)).toEqual({ close: true, press: 9 })
  })

  it('tells what a click hit', () => {
    const photo = document.createElement('div')
    const img = document.createElement('img')
    photo.append(img)
    const button = document.createElement('button')
    const label = document.createElement('span')
    button.append(label)
    expect(targetOf(img, photo, button)).toBe('photo')
    expect(targetOf(label, photo, button)).toBe('button')
    expect(targetOf(document.body, photo, button)).toBe('elsewhere')
    expect(targetOf(null, photo, button)).toBe('elsewhere')
  })

  it('shows a liker once and opens likers from the likes view', () => {
    expect(firstShow(12345)).toBe(true)
    expect(firstShow(12345)).toBe(false)
    expect(likerPath(5)).toBe('/likes/m/5')
  })
})

describe('the card above the tab bar', () => {
  it('sits above the tab bar where it shows, else above the screen edge', () => {
    // a 390x844 phone: the 57 px bar stuck to the bottom
    expect(cardBottom({ top: 787, height: 57 }, 844)).toBe(57 + GAP_PX)
    // a short page: the bar ends the page higher up
    expect(cardBottom({ top: 600, height: 57 }, 844)).toBe(244 + GAP_PX)
    // no bar (a desktop, a visitor), a hidden one, or one below the screen
    expect(cardBottom(null, 844)).toBe(GAP_PX)
    expect(cardBottom({ top: 0, height: 0 }, 844)).toBe(GAP_PX)
    expect(cardBottom({ top: 900, height: 57 }, 844)).toBe(GAP_PX)
  })
})
