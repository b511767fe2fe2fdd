import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { ConsoleApi, Enrolment, StaffAnswer } from '../api'
import { errorText } from '../errors'
import { Alert, Button, Card, Code, Field, Heading, Input, Muted, Narrow } from '../ui'

/**
 * Enrol sets up the second factor: the engine makes a secret, the staff
 * member adds it to an authenticator app and confirms with a code.
 */
export function Enrol({ api, onDone, onLogout }: { api: ConsoleApi; onDone: (a: StaffAnswer) => void; onLogout: () => void }) {
  const { t } = useTranslation()
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null)
  const [code, setCode] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  const run = async (work: () => Promise<void>) => {
    setBusy(true)
    setError('')
    try {
      await work()
    } catch (err) {
      setError(errorText(t, err))
    } finally {
      setBusy(false)
    }
  }
  const start = () => run(async () => setEnrolment(await api.startTOTP()))
  const confirm = (e: FormEvent) => {
    e.preventDefault()
    void run(async () => onDone(await api.confirmTOTP(code)))
  }

  return (
    <Narrow id="content">
      <Card aria-labelledby="totp-heading">
        <Heading id="totp-heading">{t('console.totp.heading')}</Heading>
        <Muted>{t('console.totp.intro')}</Muted>
        {error && <Alert role="alert">{error}</Alert>}
        {!enrolment ? (
          <Button type="button" onClick={() => void start()} disabled={busy}>
            {t('console.totp.start')}
          </Button>
        ) : (
          <form onSubmit={confirm} noValidate>
            <p>{t('console.totp.step1')}</p>
            <Field>
              <span id="totp-secret-label">{t('console.totp.secret')}</span>
              <Code aria-labelledby="totp-secret-label" data-testid="totp-secret">{enrolment.secret}</Code>
              <a href={enrolment.uri}>{t('console.totp.openLink')}</a>
            </Field>
            <p>{t('console.totp.step2')}</p>
            <Field>
              <label htmlFor="totp-code">{t('console.totp.code')}</label>
              <Input id="totp-code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required
                value={code} onChange={(e) => setCode(e.target.value.trim())} />
            </Field>
            <Button type="submit" disabled={busy}>{t('console.totp.confirm')}</Button>
          </form>
        )}
        <p>
          <Button type="button" $quiet onClick={onLogout}>{t('console.account.logout')}</Button>
        </p>
      </Card>
    </Narrow>
  )
}
