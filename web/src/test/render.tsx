import { act, configure, render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { RouterProvider, createMemoryRouter } from 'react-router'
import { ThemeProvider } from 'styled-components'
import { vi } from 'vitest'
import { preloadMemberParts } from '../app/member'
import { appRoutes } from '../app/routes'
import { AlertBanners, DefaultOverlays, RootOverlays, SignupModal, firstRenderDone } from '../layouts/parts/later'
import { preloadPageEnd } from '../layouts/parts/pageEndLater'
import type { Boot } from '../boot/types'
import i18n, { initI18n, needPageTexts } from '../i18n/i18n'
import { ServicesProvider, createServices, type Services } from '../state/context'
import { buildTheme } from '../theme/theme'

// The first visit of a lazy page in a test file transforms its chunk; on a
// busy machine that takes longer than Testing Library's 1 s default.
configure({ asyncUtilTimeout: 5000 })

export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>

export const jsonResponse = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

function Providers({ services, boot, children }: { services: Services; boot: Boot; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ServicesProvider services={services}>
        <ThemeProvider theme={buildTheme(boot.theme)}>{children}</ThemeProvider>
      </ServicesProvider>
    </I18nextProvider>
  )
}

/** renderApp renders the whole app at path, with a fake API behind the HTTP client. */
export async function renderApp(boot: Boot, path = '/', handler: FetchHandler = () => jsonResponse(404, { error: 'not_found' })) {
  await initI18n(boot.locale)
  await needPageTexts()
  // The parts the app loads at its first render (or, for a member, before
  // it) are in at once, so a test sees them in the first render.
  firstRenderDone()
  await Promise.all([preloadMemberParts(), preloadPageEnd(), ...[AlertBanners, DefaultOverlays, RootOverlays, SignupModal].map((p) => p.preload())])
  const fetch = vi.fn(async (url: string, init?: RequestInit) => handler(url, init ?? {}))
  const services = createServices(boot, { fetch: fetch as unknown as typeof globalThis.fetch, sleep: async () => {} })
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] })
  const view = render(
    <Providers services={services} boot={boot}>
      <RouterProvider router={router} />
    </Providers>,
  )
  return { ...view, services, fetch, router }
}

const realSetTimeout = globalThis.setTimeout

/**
 * until waits in real time, inside act, until check() is truthy; unlike
 * waitFor it works under fake timers without moving them. It throws after ms.
 */
export async function until(check: () => unknown, ms = 2000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error(`until: still false after ${ms} ms`)
    await act(() => new Promise<void>((resolve) => realSetTimeout(resolve, 10)))
  }
}
