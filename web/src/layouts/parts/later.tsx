import { Suspense, type ComponentType } from 'react'
import { lazyPage } from '../../app/lazyPage'
import { withTexts } from '../../app/withTexts'
import { afterFirstRender } from '../../boot/firstRender'

// The parts of the layouts that the first screen does without: modals,
// pop-ups and toasts that show over the page later, if at all, and the
// members' alert banners. Each is its own chunk, asked for once the first
// render is in instead of before it, so the home's first code is smaller and
// its first render has less to evaluate. The banners sit in the page's flow:
// main.tsx has a member's loaded before the first render (the engine names
// their chunks for a member, preload.json's member), so they do not push the
// page down when they arrive.

// The first render's mark is boot/firstRender.ts's (a page's own later
// parts wait for it too).
export { firstRenderDone, useFirstRenderDone } from '../../boot/firstRender'

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
