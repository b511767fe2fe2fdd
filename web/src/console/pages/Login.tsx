import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ConsoleError, type ConsoleApi, type StaffAnswer } from '../api'
import { errorText } from '../errors'
import { Alert, Button, Card, Field, Heading, Input, Narrow } from '../ui'

/**
 * Login asks for the e-mail address and password, and for the
 * authenticator app's code once the engine answers totp_required.
 */
export function Login({ api, onLogin }: { api: ConsoleApi; onLogin: (a: StaffAnswer) => void }) {
  const { t } = useTranslation()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [needCode, setNeedCode] = useState(false)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    setError('')
    try {
      onLogin(await api.login(email, password, needCode ? code : undefined))
    } catch (err) {
      if (err instanceof ConsoleError && err.code === 'totp_required' && !needCode) {
        setNeedCode(true)
      } else {
        setError(errorText(t, err))
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <Narrow id="content">
      <Card aria-labelledby="login-heading">
        <Heading id="login-heading">{t('console.login.heading')}</Heading>
        {error && <Alert role="alert">{error}</Alert>}
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Field>
            <label htmlFor="login-email">{t('console.login.email')}</label>
            <Input id="login-email" type="email" autoComplete="username" required value={email}
              onChange={(e) => setEmail(e.target.value)} readOnly={needCode} />
          </Field>
          <Field>
            <label htmlFor="login-password">{t('console.login.password')}</label>
            <Input id="login-password" type="password" autoComplete="current-password" required value={password}
              onChange={(e) => setPassword(e.target.value)} readOnly={needCode} />
          </Field>
          {needCode && (
            <Field>
              <label htmlFor="login-code">{t('console.login.code')}</label>
              <Input id="login-code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6}
                required autoFocus value={code} onChange={(e) => setCode(e.target.value.trim())}
                aria-describedby="login-code-hint" />
              <small id="login-code-hint">{t('console.login.codeHint')}</small>
            </Field>
          )}
          <Button type="submit" disabled={busy}>
            {busy ? t('console.login.submitting') : t('console.login.submit')}
          </Button>
        </form>
      </Card>
    </Narrow>
  )
}
