import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type InputHTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import styled from 'styled-components'
import { Button } from '../../components/Button'
import { Field, FieldError, Hint as FieldHint, Input, Label } from '../../components/Form'
import { Page, Panel } from '../../components/Page'
import { useAppState } from '../../state/context'
import type { DirectDebitCodeSent, DiscountCode, Packages } from './api'
import { Hint } from './Hint'
import { Choices, ErrorText, Summary } from './parts'
import { useBilling, usePackages, rememberOrderCountry } from './hooks'
import { leaveFor } from './leave'
import { codeValid, compactIban, fieldOf, ibanValid, phonePlausible, refusalText } from './directDebit'
import { formatPrice } from '../../i18n/money'
import { discounted, whyNot } from './discount'
import { useDiscount } from './useDiscount'
import { color, radius, space } from '../../theme/theme'
import { WithdrawalWaiver, useWaiver, useWaiverAsked } from './WithdrawalWaiver'

const Option = styled.label`
  display: flex;
  align-items: center;
  gap: ${space(2)};
  min-height: 44px;
  padding: ${space(2)};
  margin-bottom: ${space(2)};
  border: 2px solid ${color.border};
  border-radius: ${radius.md};
  overflow-wrap: anywhere;
  cursor: pointer;
  &:has(input:checked) {
    border-color: ${color.primary};
  }
  &:has(input:focus-visible) {
    outline: 3px solid ${color.info};
    outline-offset: 2px;
  }
  input {
    flex: none;
    margin: 0;
    accent-color: ${color.primary};
  }
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(3)};
  align-items: center;
  margin-top: ${space(4)};
`

const CodeInput = styled(Input)`
  max-width: 12ch;
  font-size: 1.25rem;
  letter-spacing: 0.2em;
`

type Details = { iban: string; holder: string; phone: string }
type FieldName = keyof Details

/** useFocusOnMount focuses a step's heading when the step opens, so it is read out. */
function useFocusOnMount() {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => ref.current?.focus(), [])
  return ref
}

/** PackageChoice is the radio group of the packages, each with its credits and price. */
function PackageChoice({ data, value, onChange }: { data: Packages; value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation()
  const locale = useAppState((s) => s.locale)
  return (
    <Choices data-testid="dd-packages">
      <legend>{t('directDebit.package')}</legend>
      {data.packages.map((p) => (
        <Option key={p.id} data-testid="dd-package" data-id={p.id}>
          <input type="radio" name="package" value={p.id} checked={value === p.id} onChange={() => onChange(p.id)} />
          <span>
            {t('credits.packageCredits', { count: p.credits })} · {formatPrice(p.amount, p.currency, locale)}
          </span>
        </Option>
      ))}
    </Choices>
  )
}

/** FixedPackage names the package chosen before (?package=). */
function FixedPackage({ data, id, code }: { data: Packages; id: string; code: DiscountCode | null }) {
  const { t } = useTranslation()
  const locale = useAppState((s) => s.locale)
  const p = data.packages.find((x) => x.id === id)
  if (!p) return null
  return (
    <Summary data-testid="dd-package-fixed">
      <dt>{t('directDebit.package')}</dt>
      <dd>{t('credits.packageCredits', { count: p.credits })}</dd>
      {code && (
        <>
          <dt>{t('discount.price')}</dt>
          <dd>{formatPrice(p.amount, p.currency, locale)}</dd>
          <dt>{t('discount.row', { code: code.code, percentage: code.value_percentage })}</dt>
          <dd>{formatPrice(discounted(p.amount, code.value_percentage) - p.amount, p.currency, locale)}</dd>
        </>
      )}
      <dt>{t('directDebit.amount')}</dt>
      <dd data-testid="dd-package-amount">{formatPrice(code ? discounted(p.amount, code.value_percentage) : p.amount, p.currency, locale)}</dd>
    </Summary>
  )
}

/** applicable is the active discount code when it applies to a direct debit of package id in the country, else null. */
function applicable(code: DiscountCode | null, data: Packages, id: string): DiscountCode | null {
  const p = data.packages.find((x) => x.id === id)
  return code && p && whyNot(code, p, data.country, 'sdd') === null ? code : null
}

/** DetailsForm asks for the account (IBAN and holder) and the mobile number the code is texted to. */
function DetailsForm({ data, packageId, fixed, details, code, onPackage, onSent }: {
  data: Packages
  packageId: string
  fixed: boolean
  details: Details
  code: DiscountCode | null
  onPackage: (id: string) => void
  onSent: (sent: DirectDebitCodeSent, details: Details) => void
}) {
  const { t } = useTranslation()
  const calls = useBilling()
  const heading = useFocusOnMount()
  const ids = { iban: useId(), holder: useId(), phone: useId() }
  const [values, setValues] = useState<Details>(details)
  const [problems, setProblems] = useState<Partial<Record<FieldName, string>>>({})
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const waiver = useWaiver()
  const set = (name: FieldName) => (e: ChangeEvent<HTMLInputElement>) => {
    const v = e.currentTarget.value
    setValues((d) => ({ ...d, [name]: v }))
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const found: Partial<Record<FieldName, string>> = {}
    if (!ibanValid(values.iban)) found.iban = t('directDebit.errors.iban')
    if (values.holder.trim().length < 2) found.holder = t('directDebit.errors.holder')
    if (!phonePlausible(values.phone)) found.phone = t('directDebit.errors.phone')
    setProblems(found)
    setError(null)
    const first = (['iban', 'holder', 'phone'] as const).find((f) => found[f])
    if (first) {
      document.getElementById(ids[first])?.focus()
      return
    }
    if (!waiver.ready()) return
    setBusy(true)
    try {
      const sent = await calls.directDebitStart({
        package_id: packageId,
        country: data.country,
        iban: compactIban(values.iban),
        holder: values.holder.trim(),
        phone: values.phone.trim(),
        ...(code ? { discount_code: code.code } : {}),
        ...waiver.body,
      })
      onSent(sent, values)
    } catch (err) {
      setBusy(false)
      const [key, vals] = refusalText(err)
      const field = fieldOf(err)
      if (field && field !== 'code') {
        setProblems({ [field]: t(key, vals) })
        document.getElementById(ids[field])?.focus()
      } else {
        setError(t(key, vals))
      }
    }
  }

  const field = (name: FieldName, props: InputHTMLAttributes<HTMLInputElement>) => (
    <Field>
      <Label htmlFor={ids[name]}>{t(`directDebit.${name}`)}</Label>
      <Input
        id={ids[name]}
        name={name}
        value={values[name]}
        onChange={set(name)}
        aria-invalid={problems[name] ? true : undefined}
        aria-describedby={`${ids[name]}-hint${problems[name] ? ` ${ids[name]}-error` : ''}`}
        data-testid={`dd-${name}`}
        {...props}
      />
      <FieldHint id={`${ids[name]}-hint`}>{t(`directDebit.${name}Hint`)}</FieldHint>
      {problems[name] && (
        <FieldError id={`${ids[name]}-error`} data-testid={`dd-${name}-error`}>
          {problems[name]}
        </FieldError>
      )}
    </Field>
  )

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="dd-details-title" data-testid="dd-details">
      <Panel>
        <h2 id="dd-details-title" ref={heading} tabIndex={-1}>
          {t('directDebit.detailsTitle')}
        </h2>
        {fixed ? <FixedPackage data={data} id={packageId} code={code} /> : <PackageChoice data={data} value={packageId} onChange={onPackage} />}
        {field('iban', { autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false, inputMode: 'text' })}
        {field('holder', { autoComplete: 'name' })}
        {field('phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
        <p>{t('directDebit.mandate')}</p>
        <WithdrawalWaiver {...waiver.box} disabled={busy} />
        {error && (
          <ErrorText role="alert" data-testid="dd-error">
            {error}
          </ErrorText>
        )}
        <Button type="submit" disabled={busy} $block>
          {busy ? t('directDebit.sending') : t('directDebit.sendCode')}
        </Button>
      </Panel>
    </form>
  )
}

/** CodeForm asks for the texted code; a new code can be asked for, or the details changed. */
function CodeForm({ sent, details, country, onResent, onChange }: {
  sent: DirectDebitCodeSent
  details: Details
  country: string
  onResent: (sent: DirectDebitCodeSent) => void
  onChange: () => void
}) {
  const { t } = useTranslation()
  const calls = useBilling()
  const locale = useAppState((s) => s.locale)
  const heading = useFocusOnMount()
  const id = useId()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const waiverAsked = useWaiverAsked()

  const confirm = async (e: FormEvent) => {
    e.preventDefault()
    setNotice(null)
    if (!codeValid(code)) {
      setError(t('directDebit.errors.codeFormat'))
      document.getElementById(id)?.focus()
      return
    }
    setBusy(true)
    setError(null)
    try {
      const created = await calls.directDebitConfirm(code.trim())
      rememberOrderCountry(created.order_id, country)
      leaveFor(created.redirect_url)
    } catch (err) {
      setBusy(false)
      const [key, vals] = refusalText(err)
      setError(t(key, vals))
      setCode('')
      document.getElementById(id)?.focus()
    }
  }

  const resend = async () => {
    setBusy(true)
    setError(null)
    setNotice(null)
    try {
      const again = await calls.directDebitStart({
        package_id: sent.package_id,
        country,
        iban: compactIban(details.iban),
        holder: details.holder.trim(),
        phone: details.phone.trim(),
        ...(sent.discount_code ? { discount_code: sent.discount_code } : {}),
        // The start this repeats carried the waiver (the form asks it first).
        ...(waiverAsked ? { waive_withdrawal: true } : {}),
      })
      setBusy(false)
      setCode('')
      onResent(again)
      setNotice(t('directDebit.resent'))
      document.getElementById(id)?.focus()
    } catch (err) {
      setBusy(false)
      const [key, vals] = refusalText(err)
      setError(t(key, vals))
    }
  }

  return (
    <form onSubmit={(e) => void confirm(e)} noValidate aria-labelledby="dd-code-title" data-testid="dd-code-form">
      <Panel>
        <h2 id="dd-code-title" ref={heading} tabIndex={-1}>
          {t('directDebit.codeTitle')}
        </h2>
        <p>{t('directDebit.codeLead', { phone: sent.phone })}</p>
        <Summary data-testid="dd-summary">
          {sent.discount_code && sent.list_amount != null && (
            <>
              <dt>{t('discount.price')}</dt>
              <dd>{formatPrice(sent.list_amount, sent.currency, locale)}</dd>
              <dt>{t('discount.row', { code: sent.discount_code, percentage: Math.round(100 - (sent.amount * 100) / sent.list_amount) })}</dt>
              <dd>{formatPrice(sent.amount - sent.list_amount, sent.currency, locale)}</dd>
            </>
          )}
          <dt>{t('directDebit.amount')}</dt>
          <dd data-testid="dd-amount">{formatPrice(sent.amount, sent.currency, locale)}</dd>
          <dt>{t('directDebit.account')}</dt>
          <dd data-testid="dd-masked-iban">{sent.iban}</dd>
          <dt>{t('directDebit.phone')}</dt>
          <dd data-testid="dd-masked-phone">{sent.phone}</dd>
        </Summary>
        <Field>
          <Label htmlFor={id}>{t('directDebit.code')}</Label>
          <CodeInput
            id={id}
            name="code"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            data-testid="dd-code"
          />
        </Field>
        {error && (
          <ErrorText role="alert" id={`${id}-error`} data-testid="dd-error">
            {error}
          </ErrorText>
        )}
        {notice && (
          <Hint $tone="info" role="status" data-testid="dd-notice">
            {notice}
          </Hint>
        )}
        <Actions>
          <Button type="submit" disabled={busy}>
            {busy ? t('directDebit.confirming') : t('directDebit.confirm', { price: formatPrice(sent.amount, sent.currency, locale) })}
          </Button>
          <Button type="button" $variant="secondary" disabled={busy} onClick={() => void resend()} data-testid="dd-resend">
            {t('directDebit.resend')}
          </Button>
          <Button type="button" $variant="secondary" disabled={busy} onClick={onChange}>
            {t('directDebit.change')}
          </Button>
        </Actions>
      </Panel>
    </form>
  )
}

/**
 * DirectDebitPage: /directdebit[?package=&country=], paying a package by
 * SEPA direct debit: the account and the mobile number, then the code
 * texted to it; the placed order's result is the payment result screen.
 */
export function DirectDebitPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const asked = params.get('package')
  const { state, latest } = usePackages(params.get('country'))
  const data = state.status === 'done' ? state.data : latest
  const [picked, setPicked] = useState<string | null>(null)
  const [details, setDetails] = useState<Details>({ iban: '', holder: '', phone: '' })
  const [sent, setSent] = useState<DirectDebitCodeSent | null>(null)
  const discount = useDiscount()

  let body
  if (!data) {
    body = state.status === 'failed' ? <ErrorText role="alert">{t('credits.loadFailed')}</ErrorText> : <p role="status">{t('app.loading')}</p>
  } else if (!data.methods.includes('sdd')) {
    body = (
      <Panel data-testid="dd-not-offered">
        <p>{t('directDebit.notOffered')}</p>
        <Link to="/credits">{t('paymentMethod.backToPackages')}</Link>
      </Panel>
    )
  } else {
    const fixed = !!asked && data.packages.some((p) => p.id === asked)
    const packageId = fixed ? asked : (picked ?? data.packages.find((p) => p.badge === 'popular')?.id ?? data.packages[0]?.id ?? '')
    body = sent ? (
      <CodeForm sent={sent} details={details} country={data.country} onResent={setSent} onChange={() => setSent(null)} />
    ) : (
      <DetailsForm
        data={data}
        packageId={packageId}
        fixed={fixed}
        details={details}
        code={applicable(discount.code, data, packageId)}
        onPackage={setPicked}
        onSent={(s, d) => {
          setDetails(d)
          setSent(s)
        }}
      />
    )
  }
  return (
    <Page title={t('directDebit.title')} lead={t('directDebit.lead')} testId="directdebit-page">
      {body}
      <Link to="/credits">{t('paymentMethod.backToPackages')}</Link>
    </Page>
  )
}
