import { describe, expect, it } from 'vitest'
import { hint, keyAction, swipeDecision, tilt } from './swipeGesture'

describe('swipe gestures', () => {
  const width = 300
  it('likes to the right and passes to the left past 30% of the width', () => {
    expect(swipeDecision(90, 0, 1000, width)).toBe('like')
    expect(swipeDecision(-90, 10, 1000, width)).toBe('pass')
    expect(swipeDecision(89, 0, 1000, width)).toBeNull()
  })

  it('takes a fast flick from 40 px', () => {
    expect(swipeDecision(50, 0, 50, width)).toBe('like')
    expect(swipeDecision(-45, 0, 60, width)).toBe('pass')
    expect(swipeDecision(39, 0, 10, width)).toBeNull()
    expect(swipeDecision(50, 0, 500, width)).toBeNull()
  })

  it('ignores taps and vertical drags', () => {
    expect(swipeDecision(3, 0, 1, width)).toBeNull()
    expect(swipeDecision(120, 200, 1000, width)).toBeNull()
  })

  it('needs at least 40 px on narrow cards', () => {
    expect(swipeDecision(35, 0, 1000, 100)).toBeNull()
    expect(swipeDecision(41, 0, 1000, 100)).toBe('like')
  })

  it('maps the arrow keys', () => {
    expect(keyAction('ArrowRight')).toBe('like')
    expect(keyAction('ArrowLeft')).toBe('pass')
    expect(keyAction('ArrowUp')).toBeNull()
    expect(keyAction('Enter')).toBeNull()
  })

  it('tilts the card up to 15 degrees and hints the outcome', () => {
    expect(tilt(0, width)).toBe(0)
    expect(tilt(75, width)).toBe(7.5)
    expect(tilt(-1000, width)).toBe(-15)
    expect(tilt(10, 0)).toBe(0)
    expect(hint(100, width)).toBe('like')
    expect(hint(-100, width)).toBe('pass')
    expect(hint(20, width)).toBeNull()
  })
})
