import { lazyPage } from '../../app/lazyPage'
import { afterFirstRender } from '../../boot/firstRender'

// The page's end, the disclaimer and the footer below the page (shown with
// later.tsx's Later): the home's first screen, taller than a screen, does
// without them, and they come once its first render is in. The other pages
// of the layouts that draw them have them in their first render: main.tsx
// preloads them with the page (app/pages.ts's preloadPageOf), and the
// engine names their chunk in the page (routeTable.ts's pageEndFirst,
// dist/preload.json).
const pageEnd = () => import('./PageEnd')
export const Disclaimer = lazyPage(pageEnd, 'Disclaimer', afterFirstRender(pageEnd))
export const Footer = lazyPage(pageEnd, 'Footer', afterFirstRender(pageEnd))

/** preloadPageEnd fetches the page end's chunk before a first render that draws it. */
export function preloadPageEnd(): Promise<unknown> {
  return Promise.all([Disclaimer.preload(), Footer.preload()])
}

