import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { Button } from '../../../components/Button'
import { Field, Input, Label, Narrow } from '../../../components/Form'
import { Page, Panel } from '../../../components/Page'
import { useServices } from '../../../state/context'
import { accountApi } from '../api'
import { FIELD_OF, accountErrorText, errorCode, type AccountErrorCode, type Text } from '../shared/errors'
import { Actions, FieldError, Notice } from '../shared/ui'
import { EMAIL_RULE, PASSWORD_MAX, PASSWORD_MIN, passwordsDiffer } from '../signup/steps'

/** ResetPasswordPage: /reset-password, mails a link to choose a new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation()
  const { api } = useServices()
  const id = useId()
  const [email, setEmail] = useState('')
  const [notice, setNotice] = useState<{ text: Text; tone: 'danger' | 'success' } | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!EMAIL_RULE.test(email.trim())) {
      setNotice({ text: ['accountErrors.email_invalid'], tone: 'danger' })
      return
    }
    setBusy(true)
    setNotice(null)
    try {
      await accountApi(api).requestReset(email.trim())
      setNotice({ text: ['passwordReset.sent', { email: email.trim() }], tone: 'success' })
    } catch (err) {
      setNotice({ text: accountErrorText(err), tone: 'danger' })
    } finally {
      setBusy(false)
    }
  }
  return (
    <Page title={t('resetPassword.title')} lead={t('resetPassword.lead')}>
      <Narrow>
        <Panel>
          <form onSubmit={(e) => void submit(e)} noValidate data-testid="reset-form">
            {notice && <Notice text={notice.text} tone={notice.tone} testId="reset-notice" />}
            <Field>
              <Label htmlFor={`${id}-email`}>{t('login.email')}</Label>
              <Input id={`${id}-email`} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
            </Field>
            <Button type="submit" $block disabled={busy}>
              {t('passwordReset.send')}
            </Button>
          </form>
          <Actions>
            <Link to="/login">{t('resetPassword.backToLogin')}</Link>
          </Actions>
        </Panel>
      </Narrow>
    </Page>
  )
}

type Errors = Partial<Record<'password' | 'password_repeat', Text>>

/** ResetPasswordDoPage: /reset-password/do?token=, the link of the e-mail: the new password twice. */
export function ResetPasswordDoPage() {
  const { t } = useTranslation()
  const { api } = useServices()
  const id = useId()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [notice, setNotice] = useState<Text | null>(token ? null : ['accountErrors.link_invalid'])
  const [done, setDone] = useState(false)
  const [busy, setBusy] = useState(false)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const errs: Errors = {}
    if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) errs.password = ['accountErrors.password_invalid']
    else if (passwordsDiffer(password, repeat)) errs.password_repeat = ['accountErrors.passwords_differ']
    setErrors(errs)
    if (Object.keys(errs).length) return
    setBusy(true)
    setNotice(null)
    try {
      await accountApi(api).doReset(token, password, repeat)
      setDone(true)
    } catch (err) {
      const text = accountErrorText(err)
      const field = FIELD_OF[errorCode(err) as AccountErrorCode] as keyof Errors | undefined
      if (field === 'password' || field === 'password_repeat') setErrors({ [field]: text })
      else setNotice(text)
    } finally {
      setBusy(false)
    }
  }
  const input = (key: keyof Errors, label: string, value: string, set: (v: string) => void) => (
    <Field>
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <Input id={`${id}-${key}`} type="password" autoComplete="new-password" value={value} onChange={(e) => set(e.target.value)}
        aria-invalid={!!errors[key]} aria-describedby={errors[key] ? `${id}-${key}-error` : undefined} />
      <FieldError id={`${id}-${key}-error`} text={errors[key]} />
    </Field>
  )
  return (
    <Page title={t('resetPasswordDo.title')} lead={done ? undefined : t('resetPasswordDo.lead')}>
      <Narrow>
        <Panel>
          {done ? (
            <>
              <Notice text={['passwordReset.done']} tone="success" testId="reset-done" />
              <Link to="/login">{t('login.submit')}</Link>
            </>
          ) : (
            <form onSubmit={(e) => void submit(e)} noValidate data-testid="reset-do-form">
              <Notice text={notice} testId="reset-notice" />
              {notice?.[0] === 'accountErrors.link_invalid' && (
                <p>
                  <Link to="/reset-password">{t('passwordReset.again')}</Link>
                </p>
              )}
              {input('password', t('accountSettings.password.new'), password, setPassword)}
              {input('password_repeat', t('accountSettings.password.repeat'), repeat, setRepeat)}
              <Button type="submit" $block disabled={busy || !token}>
                {t('passwordReset.save')}
              </Button>
            </form>
          )}
        </Panel>
      </Narrow>
    </Page>
  )
}
