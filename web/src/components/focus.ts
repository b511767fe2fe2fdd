const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]'

/** focusables lists the elements inside root that Tab reaches, in order. */
export function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('disabled') && el.getAttribute('aria-hidden') !== 'true',
  )
}

/**
 * trapTab keeps Tab and Shift+Tab inside root; it returns true when it moved
 * the focus itself.
 */
export function trapTab(root: HTMLElement, e: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault'>, active: Element | null): boolean {
  if (e.key !== 'Tab') return false
  const items = focusables(root)
  if (items.length === 0) {
    e.preventDefault()
    root.focus()
    return true
  }
  const first = items[0]
  const last = items[items.length - 1]
  if (e.shiftKey && (active === first || !root.contains(active))) {
    e.preventDefault()
    last.focus()
    return true
  }
  if (!e.shiftKey && (active === last || !root.contains(active))) {
    e.preventDefault()
    first.focus()
    return true
  }
  return false
}
