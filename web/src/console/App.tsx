import { useCallback, useEffect, useEffectEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { BrowserRouter, Navigate, Route, Routes } from 'react-router'
import { ConsoleError, type ConsoleApi, type StaffAnswer, type TenantPermission } from './api'
import type { ConsoleLanguage } from './i18n'
import { errorText } from './errors'
import { Layout } from './Layout'
import { consolePages } from './pages'
import { Enrol } from './pages/Enrol'
import { Login } from './pages/Login'
import { NotAllowed } from './pages/NotAllowed'
import { PermissionsContext, allows } from './permissions'
import { Alert, ConsoleStyle, Heading, Muted, Narrow } from './ui'

/** home is the first page of the navigation the permissions allow: where someone lands whom the brands page is not for (an affiliate). */
function home(perms: readonly TenantPermission[]): string {
  return consolePages.find((p) => !p.hidden && allows(perms, p.need))?.path ?? ''
}

type Session = { state: 'loading' } | { state: 'out' } | ({ state: 'in' } & StaffAnswer) | { state: 'error'; message: string }

/**
 * ConsoleApp asks the engine who is logged in, then shows the login, the
 * set-up of the second factor, or the console's pages.
 */
export function ConsoleApp({ api }: { api: ConsoleApi }) {
  const { t, i18n } = useTranslation()
  const [session, setSession] = useState<Session>({ state: 'loading' })

  // The console speaks the language kept on the staff account.
  const signIn = useCallback(
    (me: StaffAnswer) => {
      setSession({ state: 'in', ...me })
      if (i18n.language !== me.staff.language) void i18n.changeLanguage(me.staff.language)
      document.documentElement.lang = me.staff.language
    },
    [i18n],
  )

  // Asked once per console: a new language (a new t) asks nothing again.
  const answered = useEffectEvent((me: StaffAnswer) => signIn(me))
  const failed = useEffectEvent((err: unknown) =>
    setSession(err instanceof ConsoleError && err.status === 401 ? { state: 'out' } : { state: 'error', message: errorText(t, err) }),
  )
  useEffect(() => {
    api.me().then(answered, failed)
  }, [api])

  const logout = useCallback(() => {
    // out on this side whether or not the server heard it
    const out = () => setSession({ state: 'out' })
    api.logout().then(out, out)
  }, [api])
  const chooseLanguage = useCallback((language: ConsoleLanguage) => api.setLanguage(language).then(signIn), [api, signIn])

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
    body = <Login api={api} onLogin={signIn} />
  } else if (session.staff.totp_enrolment_required) {
    body = <Enrol api={api} onDone={signIn} onLogout={logout} />
  } else {
    // A page the staff member's permissions do not give says so (the
    // navigation does not offer it; the engine refuses its calls anyway).
    body = (
      <PermissionsContext.Provider value={session.permissions}>
        <Layout staff={session.staff} onLogout={logout} onLanguage={chooseLanguage}>
          <Routes>
            {consolePages.map(({ path, Page, need }) => (
              <Route key={path} path={path} element={allows(session.permissions, need) ? <Page api={api} /> : path === '/' && home(session.permissions) ? <Navigate replace to={home(session.permissions)} /> : <NotAllowed />} />
            ))}
            <Route path="*" element={<Heading>{t('console.errors.notFound')}</Heading>} />
          </Routes>
        </Layout>
      </PermissionsContext.Provider>
    )
  }
  return (
    <BrowserRouter basename="/admin">
      <ConsoleStyle />
      {body}
    </BrowserRouter>
  )
}
