import { useTranslation } from 'react-i18next'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { Narrow } from '../../../components/Form'
import { Page, Panel } from '../../../components/Page'
import { useAppState } from '../../../state/context'
import { LoginForm } from './LoginForm'

/** safeRedirect keeps redirects on this site. */
export const safeRedirect = (to: string | null): string => (to && to.startsWith('/') && !to.startsWith('//') ? to : '/members')

/** LoginPage: /login. */
export function LoginPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const loggedIn = useAppState((s) => !!s.user)
  const to = safeRedirect(params.get('redirect'))
  if (loggedIn) return <Navigate to={to} replace />
  return (
    <Page title={t('login.title')} lead={t('login.lead')}>
      <Narrow>
        <Panel>
          <LoginForm onLoggedIn={() => void navigate(to, { replace: true })} />
        </Panel>
      </Narrow>
    </Page>
  )
}

/** LoginPanel stands in for a members-only page when nobody is logged in. */
export function LoginPanel() {
  const { t } = useTranslation()
  return (
    <Page title={t('login.title')} lead={t('login.required')} testId="login-required">
      <Narrow>
        <Panel>
          <LoginForm />
        </Panel>
      </Narrow>
    </Page>
  )
}
