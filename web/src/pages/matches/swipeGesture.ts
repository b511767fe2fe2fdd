// The swipe game's gestures: how far or how fast a drag must go to count,
// and which keys like or pass.

export type SwipeAction = 'like' | 'pass'

/** SWIPE_FRACTION: a drag across this share of the card's width decides. */
export const SWIPE_FRACTION = 0.3
/** FLICK_PX_PER_MS: a faster drag decides from FLICK_MIN_PX on. */
export const FLICK_PX_PER_MS = 0.6
export const FLICK_MIN_PX = 40
/** TAP_PX: a pointer that moved less than this did not drag. */
export const TAP_PX = 6
export const MAX_TILT_DEG = 15

/**
 * swipeDecision: a mostly sideways drag far enough (or a fast flick) likes
 * to the right and passes to the left; anything else springs back (null).
 */
export function swipeDecision(dx: number, dy: number, elapsedMs: number, width: number): SwipeAction | null {
  const dist = Math.abs(dx)
  if (dist < TAP_PX || dist < Math.abs(dy)) return null
  const speed = dist / Math.max(1, elapsedMs)
  const far = dist >= Math.max(FLICK_MIN_PX, width * SWIPE_FRACTION)
  const flick = dist >= FLICK_MIN_PX && speed >= FLICK_PX_PER_MS
  if (!far && !flick) return null
  return dx > 0 ? 'like' : 'pass'
}

/** keyAction: the right arrow likes, the left arrow passes. */
export function keyAction(key: string): SwipeAction | null {
  if (key === 'ArrowRight') return 'like'
  if (key === 'ArrowLeft') return 'pass'
  return null
}

/** tilt is the card's rotation while dragged, in degrees. */
export function tilt(dx: number, width: number): number {
  if (!width) return 0
  const deg = (dx / width) * MAX_TILT_DEG * 2
  return Math.max(-MAX_TILT_DEG, Math.min(MAX_TILT_DEG, deg))
}

/** hint is what a drag would do if let go now: for the like/pass stamp on the card. */
export function hint(dx: number, width: number): SwipeAction | null {
  return swipeDecision(dx, 0, Number.POSITIVE_INFINITY, width)
}
