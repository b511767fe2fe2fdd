// The new-like popup's card: what a click does and where it sits.

/** PopupTarget is what a click hit: the photo, the button, or anything else. */
export type PopupTarget = 'photo' | 'button' | 'elsewhere'

export interface PopupOutcome {
  close: true
  /** open is the profile to open (a click on the photo). */
  open?: number
  /** press is the profile the button was pressed for (e.g. like back). */
  press?: number
}

/**
 * popupClick: a click anywhere closes the popup; a click on the photo also
 * opens that profile; the button also emits a press for that profile id.
 */
export function popupClick(target: PopupTarget, profileId: number): PopupOutcome {
  if (target === 'photo') return { close: true, open: profileId }
  if (target === 'button') return { close: true, press: profileId }
  return { close: true }
}

/** targetOf tells what a click hit, given the photo and the button elements. */
export function targetOf(node: Node | null, photo: Element | null, button: Element | null): PopupTarget {
  if (node && photo?.contains(node)) return 'photo'
  if (node && button?.contains(node)) return 'button'
  return 'elsewhere'
}

/** GAP_PX is the card's distance from the bottom of the screen, or from the top of the tab bar. */
export const GAP_PX = 16

/**
 * cardBottom is how far from the viewport's bottom the card sits: GAP_PX
 * above the tab bar where the bar shows (a member's phone), else GAP_PX
 * above the screen's edge.
 */
export function cardBottom(bar: Pick<DOMRect, 'top' | 'height'> | null, viewportHeight: number): number {
  if (!bar || bar.height <= 0 || bar.top >= viewportHeight) return GAP_PX
  return Math.max(0, viewportHeight - bar.top) + GAP_PX
}
