import { Suspense, type ComponentType } from 'react'
import { lazyPage } from '../../app/lazyPage'

// The parts of the layouts that the first screen does without: modals,
// pop-ups and toasts that show over the page later, if at all, and the
// members' alert banners. Each is its own chunk, asked for at the first
// render instead of before it, so the home's first code is smaller (issue
// 17) and its first render has less to evaluate (issue 13). The banners sit
// in the page's flow: main.tsx has a member's loaded before the first
// render, so they do not push the page down when they arrive.

export const DefaultOverlays = lazyPage(() => import('./DefaultOverlays'), 'DefaultOverlays')
export const RootOverlays = lazyPage(() => import('./RootOverlays'), 'RootOverlays')
export const SignupModal = lazyPage(() => import('./SignupModal'), 'SignupModal')
export const AlertBanners = lazyPage(() => import('./AlertBanners'), 'AlertBanners')

/** Later renders a lazy part with no placeholder while its chunk loads. */
export function Later({ part: Part }: { part: ComponentType<object> }) {
  return (
    <Suspense fallback={null}>
      <Part />
    </Suspense>
  )
}
