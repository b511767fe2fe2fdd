import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/Button'
import { Field, Input, Label } from '../../../components/Form'
import { useAppState, useServices } from '../../../state/context'
import { accountApi } from '../api'
import { FIELD_OF, accountErrorText, errorCode, type AccountErrorCode, type Text } from '../shared/errors'
import { FieldError, Muted, Notice } from '../shared/ui'
import { EMAIL_RULE, PASSWORD_MAX, PASSWORD_MIN, passwordsDiffer } from '../signup/steps'

type Errors = Partial<Record<'email' | 'old_password' | 'password' | 'password_repeat', Text>>

/** useAccountChange runs PUT /api/account.php and spreads its errors over the fields. */
function useAccountChange() {
  const { api, store } = useServices()
  const [errors, setErrors] = useState<Errors>({})
  const [notice, setNotice] = useState<{ text: Text; tone: 'danger' | 'success' } | null>(null)
  const [busy, setBusy] = useState(false)
  const run = async (body: Parameters<ReturnType<typeof accountApi>['changeAccount']>[0], success: Text): Promise<boolean> => {
    setBusy(true)
    setNotice(null)
    try {
      const user = await accountApi(api).changeAccount(body)
      store.set({ user })
      setNotice({ text: success, tone: 'success' })
      return true
    } catch (err) {
      const text = accountErrorText(err)
      const field = FIELD_OF[errorCode(err) as AccountErrorCode] as keyof Errors | undefined
      if (field) setErrors({ [field]: text })
      else setNotice({ text, tone: 'danger' })
      return false
    } finally {
      setBusy(false)
    }
  }
  return { errors, setErrors, notice, busy, run }
}

/** EmailForm changes the e-mail address; the new one is confirmed by a mailed link. */
export function EmailForm() {
  const { t } = useTranslation()
  const id = useId()
  const email = useAppState((s) => s.user?.email ?? '')
  const pending = useAppState((s) => s.user?.pending_email ?? '')
  const [next, setNext] = useState('')
  const [old, setOld] = useState('')
  const { errors, setErrors, notice, busy, run } = useAccountChange()
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const errs: Errors = {}
    if (!EMAIL_RULE.test(next.trim())) errs.email = ['accountErrors.new_email_invalid']
    if (!old) errs.old_password = ['accountErrors.old_password']
    setErrors(errs)
    if (Object.keys(errs).length) return
    if (await run({ old_password: old, email: next.trim() }, ['accountSettings.email.sent', { email: next.trim() }])) {
      setNext('')
      setOld('')
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="email-form">
      <p>{t('accountSettings.email.current', { email })}</p>
      {pending && <Muted data-testid="pending-email">{t('accountSettings.email.pending', { email: pending })}</Muted>}
      {notice && <Notice text={notice.text} tone={notice.tone} testId="email-notice" />}
      <Field>
        <Label htmlFor={`${id}-email`}>{t('accountSettings.email.new')}</Label>
        <Input id={`${id}-email`} type="email" autoComplete="email" value={next} onChange={(e) => setNext(e.target.value)}
          aria-invalid={!!errors.email} aria-describedby={errors.email ? `${id}-email-error` : undefined} />
        <FieldError id={`${id}-email-error`} text={errors.email} />
      </Field>
      <Field>
        <Label htmlFor={`${id}-old`}>{t('accountSettings.oldPassword')}</Label>
        <Input id={`${id}-old`} type="password" autoComplete="current-password" value={old} onChange={(e) => setOld(e.target.value)}
          aria-invalid={!!errors.old_password} aria-describedby={errors.old_password ? `${id}-old-error` : undefined} />
        <FieldError id={`${id}-old-error`} text={errors.old_password} />
      </Field>
      <Button type="submit" disabled={busy}>
        {t('accountSettings.email.submit')}
      </Button>
    </form>
  )
}

/** PasswordForm changes the password after a check of the old one. */
export function PasswordForm() {
  const { t } = useTranslation()
  const id = useId()
  const [old, setOld] = useState('')
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const { errors, setErrors, notice, busy, run } = useAccountChange()
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const errs: Errors = {}
    if (!old) errs.old_password = ['accountErrors.old_password']
    if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) errs.password = ['accountErrors.password_invalid']
    else if (passwordsDiffer(password, repeat)) errs.password_repeat = ['accountErrors.passwords_differ']
    setErrors(errs)
    if (Object.keys(errs).length) return
    if (await run({ old_password: old, password, password_repeat: repeat }, ['accountSettings.password.changed'])) {
      setOld('')
      setPassword('')
      setRepeat('')
    }
  }
  const field = (key: keyof Errors, label: string, value: string, set: (v: string) => void, auto: string) => (
    <Field>
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <Input id={`${id}-${key}`} type="password" autoComplete={auto} value={value} onChange={(e) => set(e.target.value)}
        aria-invalid={!!errors[key]} aria-describedby={errors[key] ? `${id}-${key}-error` : undefined} />
      <FieldError id={`${id}-${key}-error`} text={errors[key]} />
    </Field>
  )
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="password-form">
      {notice && <Notice text={notice.text} tone={notice.tone} testId="password-notice" />}
      {field('old_password', t('accountSettings.oldPassword'), old, setOld, 'current-password')}
      {field('password', t('accountSettings.password.new'), password, setPassword, 'new-password')}
      {field('password_repeat', t('accountSettings.password.repeat'), repeat, setRepeat, 'new-password')}
      <Button type="submit" disabled={busy}>
        {t('accountSettings.password.submit')}
      </Button>
    </form>
  )
}
