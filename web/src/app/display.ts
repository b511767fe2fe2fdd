/** isInstalledApp reports whether the app runs in installed-app display mode. */
export function isInstalledApp(win: Window = window): boolean {
  const nav = win.navigator as Navigator & { standalone?: boolean }
  if (nav.standalone === true) return true
  const mq = (q: string) => typeof win.matchMedia === 'function' && win.matchMedia(q).matches
  return mq('(display-mode: standalone)') || mq('(display-mode: fullscreen)') || mq('(display-mode: minimal-ui)')
}
