import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '../../../../components/Button'
import { Field, Input, Label, Select, TextArea } from '../../../../components/Form'
import { Modal } from '../../../../components/Modal'
import type { MemberView, User } from '../../../../api/types'
import { useLoad } from '../../../../api/useLoad'
import { currentTracking } from '../../../../app/tracking'
import { useAppState, useServices } from '../../../../state/context'
import { accountApi } from '../../api'
import { FIELD_OF, accountErrorText, errorCode, type AccountErrorCode, type Text } from '../../shared/errors'
import { Check, FieldError, Fieldset, Inline, Notice } from '../../shared/ui'
import { checkAccountForm, dateOfBirth, emptyAccountForm, isGender, isSeeking, type AccountForm, type FormErrors } from '../steps'

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1)
const DAYS = Array.from({ length: 31 }, (_, i) => i + 1)

/** useProfileName loads the name of the profile in view, for the message's label. */
function useProfileName(profileId: number | undefined): string {
  const { api } = useServices()
  const { state } = useLoad(profileId ? String(profileId) : null, (signal) =>
    api.http.get<MemberView>('/api/member.php', { query: { id: profileId }, retries: 1, signal }),
  )
  return state.status === 'done' && state.data ? state.data.profile.name : ''
}

export interface MessageStepProps {
  profileId?: number
  onStart: () => void
  onCreated: (user: User) => void
}

/**
 * MessageStep is the first step: the first message (to the profile in view)
 * and what the account needs. Sending it creates the account and logs in.
 * Without a profile in view there is no one to write to, so it asks the
 * account alone.
 */
export function MessageStep({ profileId, onStart, onCreated }: MessageStepProps) {
  const { t } = useTranslation()
  const { api } = useServices()
  const id = useId()
  const minAge = useAppState((s) => s.settings.min_age || 18)
  const sitename = useAppState((s) => s.tenant.name)
  const profileName = useProfileName(profileId)
  const euRules = useAppState((s) => s.settings.eu_rules)
  const [form, setForm] = useState<AccountForm>(emptyAccountForm)
  // The explicit consent to process orientation and preferences (never
  // ticked in advance), and marketing mail: off by default on brands with
  // the European rules, on elsewhere.
  const [orientation, setOrientation] = useState(false)
  const [marketing, setMarketing] = useState(() => !euRules)
  const [errors, setErrors] = useState<FormErrors>({})
  const [general, setGeneral] = useState<Text | null>(null)
  const [invalidDate, setInvalidDate] = useState(false)
  const [busy, setBusy] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  // focusError: a submit found errors; once they render, the first invalid
  // field (in the order of the form) gets the focus and is scrolled to.
  const [focusError, setFocusError] = useState(0)
  const thisYear = new Date().getUTCFullYear()
  const years = Array.from({ length: 100 - minAge + 1 }, (_, i) => thisYear - minAge - i)

  const set = (k: keyof AccountForm) => (e: { target: { value: string } }) => {
    onStart()
    setForm((f) => ({ ...f, [k]: e.target.value }))
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setGeneral(null)
    const check = checkAccountForm(form, minAge, new Date())
    if (!orientation) check.errors.orientation_consent = ['accountErrors.orientation_consent_required']
    setErrors(check.errors)
    if (Object.keys(check.errors).length > 0) setFocusError((n) => n + 1)
    if (check.invalidDate) setInvalidDate(true)
    if (check.invalidDate || Object.keys(check.errors).length > 0 || !isGender(form.gender)) return
    setBusy(true)
    try {
      const tracking = currentTracking()
      const user = await accountApi(api).signup({
        email: form.email.trim(),
        name: form.name.trim(),
        date_of_birth: dateOfBirth(form.day, form.month, form.year)!,
        password: form.password,
        gender: form.gender,
        seeking: isSeeking(form.seeking) ? form.seeking : undefined,
        signup_message: form.message.trim() || undefined,
        profile_id: profileId,
        tracking: tracking ? { ...tracking } : undefined,
        orientation_consent: orientation,
        marketing,
      })
      onCreated(user)
    } catch (err) {
      const code = errorCode(err)
      if (code === 'date_of_birth_invalid') {
        setInvalidDate(true)
      } else {
        const text = accountErrorText(err, { sitename, min_age: minAge })
        const field = FIELD_OF[code as AccountErrorCode]
        if (field) {
          setErrors({ [field]: text })
          setFocusError((n) => n + 1)
        } else setGeneral(text)
      }
    } finally {
      setBusy(false)
    }
  }

  useEffect(() => {
    if (!focusError) return
    const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
    if (!field) return
    // jsdom has no scrollIntoView; browsers all do.
    field.scrollIntoView?.({ block: 'center' })
    field.focus({ preventScroll: true })
  }, [focusError])

  const described = (k: keyof FormErrors) => (errors[k] ? `${id}-${k}-error` : undefined)
  /** invalid: the aria attributes of a field of k (the first control of a group). */
  const invalid = (k: keyof FormErrors) => ({ 'aria-invalid': !!errors[k], 'aria-describedby': described(k) })

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate data-testid={profileId !== undefined ? 'signup-step-message' : 'signup-step-account'}>
      <Notice text={general} testId="signup-error" />
      {profileId !== undefined && (
        <Field>
          <Label htmlFor={`${id}-message`}>
            {profileName ? t('signupFlow.message.to', { name: profileName }) : t('signupFlow.message.label')}
          </Label>
          <TextArea id={`${id}-message`} name="message" maxLength={1000} value={form.message} onChange={set('message')} />
        </Field>
      )}
      <Fieldset aria-describedby={described('gender')}>
        <legend>{t('signupFlow.account.gender')}</legend>
        {(['male', 'female'] as const).map((g, i) => (
          <label key={g}>
            <input
              type="radio"
              name="gender"
              value={g}
              checked={form.gender === g}
              onChange={set('gender')}
              {...(i === 0 ? invalid('gender') : {})}
            />
            {t(`signupFlow.account.genders.${g}`)}
          </label>
        ))}
        <FieldError id={`${id}-gender-error`} text={errors.gender} />
      </Fieldset>
      <Field>
        <Label htmlFor={`${id}-seeking`}>{t('signupFlow.account.seeking')}</Label>
        <Select id={`${id}-seeking`} name="seeking" value={form.seeking} onChange={set('seeking')}>
          <option value="">{t('signupFlow.account.seekingDefault')}</option>
          {(['female', 'male', 'both'] as const).map((s) => (
            <option key={s} value={s}>
              {t(`signupFlow.account.seekingOptions.${s}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field>
        <Label htmlFor={`${id}-name`}>{t('signupFlow.account.name')}</Label>
        <Input
          id={`${id}-name`}
          name="name"
          autoComplete="nickname"
          value={form.name}
          onChange={set('name')}
          aria-invalid={!!errors.name}
          aria-describedby={described('name')}
        />
        <FieldError id={`${id}-name-error`} text={errors.name} />
      </Field>
      <Fieldset aria-describedby={described('date_of_birth')}>
        <legend>{t('signupFlow.account.dateOfBirth', { min_age: minAge })}</legend>
        <Inline>
          <Select
            aria-label={t('signupFlow.account.day')}
            name="day"
            value={form.day}
            onChange={set('day')}
            {...invalid('date_of_birth')}
          >
            <option value="">{t('signupFlow.account.day')}</option>
            {DAYS.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </Select>
          <Select aria-label={t('signupFlow.account.month')} name="month" value={form.month} onChange={set('month')}>
            <option value="">{t('signupFlow.account.month')}</option>
            {MONTHS.map((m) => (
              <option key={m} value={m}>
                {t(`signupFlow.months.${m}`)}
              </option>
            ))}
          </Select>
          <Select aria-label={t('signupFlow.account.year')} name="year" value={form.year} onChange={set('year')}>
            <option value="">{t('signupFlow.account.year')}</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </Select>
        </Inline>
        <FieldError id={`${id}-date_of_birth-error`} text={errors.date_of_birth} />
      </Fieldset>
      <Field>
        <Label htmlFor={`${id}-email`}>{t('login.email')}</Label>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          aria-invalid={!!errors.email}
          aria-describedby={described('email')}
        />
        <FieldError id={`${id}-email-error`} text={errors.email} />
      </Field>
      <Field>
        <Label htmlFor={`${id}-password`}>{t('login.password')}</Label>
        <Input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          aria-invalid={!!errors.password}
          aria-describedby={described('password')}
        />
        <FieldError id={`${id}-password-error`} text={errors.password} />
      </Field>
      <Check>
        <input
          type="checkbox"
          name="orientation_consent"
          checked={orientation}
          onChange={(e) => {
            onStart()
            setOrientation(e.currentTarget.checked)
          }}
          {...invalid('orientation_consent')}
          data-testid="signup-orientation-consent"
        />
        <span>{t('signupFlow.account.orientationConsent', { sitename })}</span>
      </Check>
      <FieldError id={`${id}-orientation_consent-error`} text={errors.orientation_consent} />
      <Check>
        <input
          type="checkbox"
          name="marketing"
          checked={marketing}
          onChange={(e) => setMarketing(e.currentTarget.checked)}
          data-testid="signup-marketing"
        />
        <span>{t('signupFlow.account.marketing')}</span>
      </Check>
      <p>
        {t('signupFlow.account.terms')} <Link to="/pages/terms">{t('footer.terms')}</Link>
        {' · '}
        <Link to="/pages/privacy">{t('footer.privacy')}</Link>
      </p>
      <Button type="submit" $block disabled={busy} data-testid="signup-create">
        {busy ? t('signupFlow.busy') : t('signupFlow.account.submit')}
      </Button>
      <Modal
        open={invalidDate}
        title={t('accountErrors.date_of_birth_invalid')}
        onClose={() => setInvalidDate(false)}
        testId="invalid-date-popup"
      >
        <Button type="button" onClick={() => setInvalidDate(false)}>
          {t('signupFlow.ok')}
        </Button>
      </Modal>
    </form>
  )
}
