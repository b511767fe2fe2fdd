import { useMemo } from 'react'
import { I18nextProvider } from 'react-i18next'
import { RouterProvider, type createBrowserRouter } from 'react-router'
import { ThemeProvider } from 'styled-components'
import i18n from '../i18n/i18n'
import { GlobalStyle } from '../theme/GlobalStyle'
import { buildTheme } from '../theme/theme'
import type { BrandLook, ThemeTokens } from '../boot/types'
import { ServicesProvider, type Services } from '../state/context'

/** App: services, theme (from the boot state, so the first paint is themed) and the router (main.tsx makes it, app/routes.tsx). */
export function App({
  services,
  theme,
  look,
  router,
}: {
  services: Services
  theme: ThemeTokens
  look?: BrandLook | null
  router: ReturnType<typeof createBrowserRouter>
}) {
  const built = useMemo(() => buildTheme(theme, look), [theme, look])
  return (
    <I18nextProvider i18n={i18n}>
      <ServicesProvider services={services}>
        <ThemeProvider theme={built}>
          <GlobalStyle />
          <RouterProvider router={router} />
        </ThemeProvider>
      </ServicesProvider>
    </I18nextProvider>
  )
}
