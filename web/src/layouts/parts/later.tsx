import { Suspense, useEffect, type ComponentType } from 'react'
import { lazyPage } from '../../app/lazyPage'
import { withTexts } from '../../app/withTexts'
import { nextTask } from '../../boot/nextTask'

// The parts of the layouts that the first screen does without: modals,
// pop-ups and toasts that show over the page later, if at all, and the
// members' alert banners. Each is its own chunk, asked for once the first
// render is in instead of before it, so the home's first code is smaller and
// its first render has less to evaluate. The banners sit in the page's flow:
// main.tsx has a member's loaded before the first render (the engine names
// their chunks for a member, preload.json's member), so they do not push the
// page down when they arrive.

let markFirstRender: () => void = () => {}
const firstRender = new Promise<void>((resolve) => (markFirstRender = resolve))

/** useFirstRenderDone marks the app's first render as in (Root calls it: its effects run after its children's). */
export function useFirstRenderDone(): void {
  useEffect(() => markFirstRender(), [])
}

/** firstRenderDone marks it from outside React (a test has the parts in before it renders). */
export function firstRenderDone(): void {
  markFirstRender()
}

/**
 * afterFirstRender asks for a chunk only once the first render is in, each
 * in a task of its own: starting a chunk's fetches costs the main thread a
 * few milliseconds, and all of them in the microtasks after the first
 * commit made one long task.
 */
export const afterFirstRender =
  <M,>(load: () => Promise<M>) =>
  (): Promise<M> =>
    firstRender.then(nextTask).then(load)

export const DefaultOverlays = lazyPage(afterFirstRender(() => import('./DefaultOverlays')), 'DefaultOverlays')
export const RootOverlays = lazyPage(afterFirstRender(() => import('./RootOverlays')), 'RootOverlays')
export const SignupModal = lazyPage(afterFirstRender(() => import('./SignupModal')), 'SignupModal')
// A member's parts say the pages' part of the catalogue (the banners' texts are in the account area's files).
export const AlertBanners = lazyPage(withTexts(() => import('./AlertBanners')), 'AlertBanners')

/** Later renders a lazy part with no placeholder while its chunk loads. */
export function Later({ part: Part }: { part: ComponentType<object> }) {
  return (
    <Suspense fallback={null}>
      <Part />
    </Suspense>
  )
}
