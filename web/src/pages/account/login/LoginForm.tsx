import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import styled from 'styled-components'
import { Button } from '../../../components/Button'
import { Field, Input, Label } from '../../../components/Form'
import { useServices } from '../../../state/context'
import type { User } from '../../../boot/types'
import { isBanned, loginErrorText } from './loginError'
import { color, radius, space } from '../../../theme/theme'

const Error = styled.p`
  padding: ${space(3)};
  border-radius: ${radius.md};
  background: ${color.danger};
  color: ${color.onDanger};
`

const Links = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(4)};
  margin-top: ${space(4)};
`

/** LoginForm logs a member in with e-mail and password (POST /api/user.php). */
export function LoginForm({ onLoggedIn }: { onLoggedIn?: (user: User) => void }) {
  const { t } = useTranslation()
  const { api, store } = useServices()
  const navigate = useNavigate()
  const id = useId()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<[string, Record<string, unknown>?] | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const user = await api.login(email.trim(), password)
      store.set({ user })
      onLoggedIn?.(user)
    } catch (err) {
      if (isBanned(err)) {
        void navigate('/pages/ban')
        return
      }
      setError(loginErrorText(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="login-form" aria-describedby={error ? `${id}-error` : undefined}>
      {error && (
        <Error id={`${id}-error`} role="alert" data-testid="login-error">
          {t(error[0], error[1])}
        </Error>
      )}
      <Field>
        <Label htmlFor={`${id}-email`}>{t('login.email')}</Label>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <Field>
        <Label htmlFor={`${id}-password`}>{t('login.password')}</Label>
        <Input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <Button type="submit" disabled={busy} $block data-testid="login-submit">
        {busy ? t('login.busy') : t('login.submit')}
      </Button>
      <Links>
        <Link to="/reset-password">{t('login.forgot')}</Link>
        <Link to="/signup">{t('login.signup')}</Link>
      </Links>
    </form>
  )
}
