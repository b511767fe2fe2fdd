// The front-end libraries' floor (make bench, web_floor_js_gzip): the
// smallest app using the libraries the member app's first chunk uses, in
// the ways it uses them (a browser router with links, a theme provider with
// global and component styles, i18next through react-i18next), built by the
// same Vite configuration (scripts/js-floor.mjs). Not shipped.
import { StrictMode, Suspense, useState } from 'react'
import { createRoot } from 'react-dom/client'
import i18n from 'i18next'
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next'
import { Link, NavLink, Outlet, RouterProvider, createBrowserRouter, useLocation, useNavigate, useParams, useRouteError } from 'react-router'
import styled, { ThemeProvider, createGlobalStyle } from 'styled-components'

await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: { hello: 'Hello {{name}}' } } } })

const Global = createGlobalStyle`body { margin: 0; color: ${(p) => (p.theme as { fg: string }).fg}; }`
const Box = styled.main`padding: 1rem;`

function Home() {
  const { t } = useTranslation()
  const [n, setN] = useState(0)
  const navigate = useNavigate()
  const { pathname } = useLocation()
  return (
    <Box>
      <p>{t('hello', { name: pathname })}</p>
      <button type="button" onClick={() => { setN(n + 1); void navigate('/members/' + n) }}>{n}</button>
      <Link to="/">home</Link>
    </Box>
  )
}

function Member() {
  const { id } = useParams()
  return <p>{id}</p>
}

function Failed() {
  return <p>{String(useRouteError())}</p>
}

function Layout() {
  return (
    <>
      <NavLink to="/members/1">member</NavLink>
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </>
  )
}

const router = createBrowserRouter([
  { path: '/', element: <Layout />, errorElement: <Failed />, children: [{ index: true, element: <Home /> }, { path: 'members/:id', element: <Member /> }] },
])

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={{ fg: '#222' }}>
        <Global />
        <RouterProvider router={router} />
      </ThemeProvider>
    </I18nextProvider>
  </StrictMode>,
)
