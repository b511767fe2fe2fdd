import './boot/appModulesLater'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter } from 'react-router'
import { App } from './app/App'
import { appRoutes } from './app/routes'
import { nextTask } from './boot/nextTask'
import { preloadPageOf } from './app/pages'
import { fetchBoot, readBoot } from './boot/boot'
import { initI18n } from './i18n/i18n'
import { AlertBanners } from './layouts/parts/later'
import { preloadMemberParts } from './app/member'
import { createServices } from './state/context'
import { resolveLayout } from './theme/layout'

// The engine injects the boot state into index.html: the first paint needs
// no API round trip. Only the Vite dev server falls back to the API.
// The first page's chunk (with its variant of the brand's layout) loads in
// parallel with the catalogues, and for a member the alert banners (in the
// page's flow, layouts/parts/later.tsx) and the member's navigation
// (app/member.ts).
const boot = readBoot() ?? (await fetchBoot())
await Promise.all([initI18n(boot.locale), preloadPageOf(window.location.pathname, resolveLayout(boot.theme.layout, boot.look?.layout)), boot.user ? Promise.all([AlertBanners.preload(), preloadMemberParts()]) : null])
const services = createServices(boot)
// The router in a task of its own before the render: it sets up the
// history and matches the address (20-40 ms on a phone).
await nextTask()
const router = createBrowserRouter(appRoutes())
await nextTask()

// The first render is a transition: React renders in slices of a few
// milliseconds and gives the browser the main thread between them, instead
// of one long task (Lighthouse's total blocking time). Until it commits, the
// page shows the engine's first paint of the screen (engine/webapp/firstpaint.go).
const root = createRoot(document.getElementById('root')!)
startTransition(() =>
  root.render(
    <StrictMode>
      <App services={services} theme={boot.theme} look={boot.look} router={router} />
    </StrictMode>,
  ),
)
