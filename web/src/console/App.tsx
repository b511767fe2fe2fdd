import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { BrowserRouter, Route, Routes } from 'react-router'
import { ConsoleError, type ConsoleApi, type Staff } from './api'
import { errorText } from './errors'
import { Layout } from './Layout'
import { consolePages } from './pages'
import { Enrol } from './pages/Enrol'
import { Login } from './pages/Login'
import { Alert, ConsoleStyle, Heading, Muted, Narrow } from './ui'

type Session = { state: 'loading' } | { state: 'out' } | { state: 'in'; staff: Staff } | { state: 'error'; message: string }

/**
 * ConsoleApp asks the engine who is logged in, then shows the login, the
 * set-up of the second factor, or the console's pages.
 */
export function ConsoleApp({ api }: { api: ConsoleApi }) {
  const { t } = useTranslation()
  const [session, setSession] = useState<Session>({ state: 'loading' })

  useEffect(() => {
    api.me().then(
      ({ staff }) => setSession({ state: 'in', staff }),
      (err: unknown) =>
        setSession(err instanceof ConsoleError && err.status === 401 ? { state: 'out' } : { state: 'error', message: errorText(t, err) }),
    )
  }, [api, t])

  const logout = useCallback(() => {
    api.logout().finally(() => setSession({ state: 'out' }))
  }, [api])
  const loggedIn = useCallback((staff: Staff) => setSession({ state: 'in', staff }), [])

  let body
  if (session.state === 'loading') {
    body = (
      <Narrow id="content">
        <Muted role="status">{t('console.loading')}</Muted>
      </Narrow>
    )
  } else if (session.state === 'error') {
    body = (
      <Narrow id="content">
        <Alert role="alert">{session.message}</Alert>
      </Narrow>
    )
  } else if (session.state === 'out') {
    body = <Login api={api} onLogin={loggedIn} />
  } else if (session.staff.totp_enrolment_required) {
    body = <Enrol api={api} onDone={loggedIn} onLogout={logout} />
  } else {
    body = (
      <Layout staff={session.staff} onLogout={logout}>
        <Routes>
          {consolePages.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page api={api} />} />
          ))}
          <Route path="*" element={<Heading>{t('console.errors.notFound')}</Heading>} />
        </Routes>
      </Layout>
    )
  }
  return (
    <BrowserRouter basename="/admin">
      <ConsoleStyle />
      {body}
    </BrowserRouter>
  )
}
