// The rules of the profile's photo carousel that need no React.

/** clampIndex keeps a photo index within 0..total-1 (0 when there are none). */
export function clampIndex(i: number, total: number): number {
  if (total <= 0 || !Number.isFinite(i)) return 0
  return Math.min(Math.max(Math.round(i), 0), total - 1)
}

/** indexFromScroll is the photo a swipe left in view: the slide nearest the track's scroll position. */
export function indexFromScroll(scrollLeft: number, slideWidth: number, total: number): number {
  if (slideWidth <= 0) return 0
  return clampIndex(Math.abs(scrollLeft) / slideWidth, total)
}

/** keyTarget is where an arrow, Home or End key moves from index, or null for other keys. */
export function keyTarget(key: string, index: number, total: number): number | null {
  switch (key) {
    case 'ArrowLeft':
      return clampIndex(index - 1, total)
    case 'ArrowRight':
      return clampIndex(index + 1, total)
    case 'Home':
      return 0
    case 'End':
      return clampIndex(total - 1, total)
    default:
      return null
  }
}
