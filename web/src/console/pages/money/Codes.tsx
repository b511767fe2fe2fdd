import { useState, type FormEvent, type InputHTMLAttributes } from 'react'
import { useLoad } from '../../../api/useLoad'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { ConsoleError, type ConsoleApi, type DiscountCode, type NewDiscountCode } from '../../api'
import { errorText } from '../../errors'
import { formatPrice } from '../../../i18n/money'
import { anyTenant, useCan } from '../../permissions'
import { Alert, Button, Card, CardList as List, Facts, Field, Heading, Input, Muted, colors } from '../../ui'
import { useTenantPicker } from '../TenantPicker'

const Methods = styled.fieldset`
  border: 1px solid ${colors.line};
  border-radius: 6px;
  margin: 0 0 14px;
  padding: 8px 12px;
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  legend { font-weight: 600; padding: 0 4px; }
  label { display: inline-flex; gap: 6px; align-items: center; min-height: 32px; }
`

/** The form's fields, as typed. */
interface Draft {
  code: string
  value_percentage: string
  minimum_order_value: string
  currency: string
  country: string
  paymentmethods: string[]
  valid_from: string
  valid_until: string
  member_id: string
}

const emptyDraft: Draft = {
  code: '',
  value_percentage: '',
  minimum_order_value: '',
  currency: '',
  country: '',
  paymentmethods: [],
  valid_from: '',
  valid_until: '',
  member_id: '',
}

type FieldName = keyof Draft

/** minorUnits reads an amount in the currency's main unit ("29.95") as minor units (2995); NaN when it is none. */
export function minorUnits(text: string): number {
  const s = text.trim().replace(',', '.')
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return NaN
  return Math.round(Number(s) * 100)
}

/** toNewCode turns the draft into the engine's request; the engine checks every rule. */
function toNewCode(d: Draft): NewDiscountCode | { field: FieldName } {
  let minimum: number | null = null
  if (d.minimum_order_value.trim()) {
    minimum = minorUnits(d.minimum_order_value)
    if (Number.isNaN(minimum)) return { field: 'minimum_order_value' }
  }
  const date = (v: string) => (v ? new Date(v).toISOString() : null)
  const text = (v: string) => (v.trim() ? v.trim().toUpperCase() : null)
  return {
    code: d.code.trim(),
    value_percentage: Number(d.value_percentage),
    minimum_order_value: minimum,
    currency: text(d.currency),
    country: text(d.country),
    paymentmethods: d.paymentmethods,
    valid_from: date(d.valid_from),
    valid_until: date(d.valid_until),
    member_id: d.member_id.trim() ? Number(d.member_id) : null,
  }
}

/** Codes lists a brand's discount codes with their redemptions; money:write may create and deactivate them. */
export function Codes({ api }: { api: ConsoleApi }) {
  const { t, i18n } = useTranslation()
  const { tenant, picker } = useTenantPicker(api, 'codes-brand', anyTenant('money', 'read'))
  const mayWrite = useCan()(anyTenant('money', 'write'), tenant)
  const [error, setError] = useState('')
  const [done, setDone] = useState('')
  const [creating, setCreating] = useState(false)
  const [draft, setDraft] = useState<Draft>(emptyDraft)
  const [refusal, setRefusal] = useState<{ field: FieldName | ''; text: string } | null>(null)
  const [busy, setBusy] = useState(false)

  const list = useLoad(tenant ? `codes|${tenant}` : null, () => api.codes(tenant))
  const codes = list.state.status === 'done' ? list.state.data.codes : null
  const methods = list.latest?.paymentmethods ?? []
  const loadFailed = list.state.status === 'failed' ? errorText(t, list.state.error) : ''
  const load = list.reload

  const refusalOf = (err: unknown): { field: FieldName | ''; text: string } => {
    if (err instanceof ConsoleError) {
      switch (err.code) {
        case 'code_invalid': {
          const field = (typeof err.fields.field === 'string' ? err.fields.field : '') as FieldName
          const label = field ? t(`console.codes.fields.${field}`) : ''
          return { field, text: t('console.codes.refusals.code_invalid', { field: label, problem: typeof err.fields.problem === 'string' ? err.fields.problem : '' }) }
        }
        case 'code_taken':
          return { field: 'code', text: t('console.codes.refusals.code_taken') }
        case 'code_inactive':
        case 'code_not_found':
          return { field: '', text: t(`console.codes.refusals.${err.code}`) }
      }
    }
    return { field: '', text: errorText(t, err) }
  }

  const create = async (e: FormEvent) => {
    e.preventDefault()
    setRefusal(null)
    const body = toNewCode(draft)
    if ('field' in body) {
      setRefusal({ field: body.field, text: t('console.codes.refusals.amount') })
      return
    }
    setBusy(true)
    try {
      const c = await api.createCode(tenant, body)
      setDone(t('console.codes.created', { code: c.code }))
      setCreating(false)
      setDraft(emptyDraft)
      load()
    } catch (err) {
      setRefusal(refusalOf(err))
    } finally {
      setBusy(false)
    }
  }

  const deactivate = async (c: DiscountCode) => {
    setDone('')
    setError('')
    try {
      await api.deactivateCode(tenant, c.id)
      setDone(t('console.codes.deactivated', { code: c.code }))
      load()
    } catch (err) {
      setError(refusalOf(err).text)
    }
  }

  const input = (field: Exclude<FieldName, 'paymentmethods'>, props: InputHTMLAttributes<HTMLInputElement> = {}, hint?: string) => {
    const invalid = refusal?.field === field
    return (
      <Field>
        <label htmlFor={`code-${field}`}>{t(`console.codes.fields.${field}`)}</label>
        <Input
          id={`code-${field}`}
          value={draft[field]}
          aria-invalid={invalid}
          aria-describedby={invalid ? 'code-refusal' : undefined}
          onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
          {...props}
        />
        {hint && <small>{hint}</small>}
      </Field>
    )
  }

  const date = (v: string | null) => (v ? new Date(v).toLocaleString(i18n.language) : t('console.codes.none'))

  return (
    <>
      <Heading>{t('console.codes.heading')}</Heading>
      {picker}
      {(error || loadFailed) && <Alert role="alert">{error || loadFailed}</Alert>}
      {done && <Muted role="status">{done}</Muted>}
      {mayWrite && tenant && !creating && (
        <p>
          <Button type="button" onClick={() => (setCreating(true), setDone(''), setRefusal(null))}>
            {t('console.codes.create')}
          </Button>
        </p>
      )}
      {creating && (
        <Card style={{ marginBottom: 16 }}>
          <h2 style={{ margin: '0 0 12px', fontSize: '1.125rem' }}>{t('console.codes.createHeading')}</h2>
          <form onSubmit={(e) => void create(e)} noValidate aria-label={t('console.codes.createHeading')}>
            {input('code', { autoCapitalize: 'characters' }, t('console.codes.fields.codeHint'))}
            {input('value_percentage', { inputMode: 'numeric' })}
            {input('minimum_order_value', { inputMode: 'decimal' })}
            {input('currency', { autoCapitalize: 'characters', maxLength: 3 })}
            {input('country', { autoCapitalize: 'characters', maxLength: 2 })}
            <Methods aria-invalid={refusal?.field === 'paymentmethods'}>
              <legend>{t('console.codes.fields.paymentmethods')}</legend>
              {methods.map((m) => (
                <label key={m}>
                  <input
                    type="checkbox"
                    checked={draft.paymentmethods.includes(m)}
                    onChange={(e) =>
                      setDraft({
                        ...draft,
                        paymentmethods: e.target.checked ? [...draft.paymentmethods, m] : draft.paymentmethods.filter((x) => x !== m),
                      })
                    }
                  />
                  {m}
                </label>
              ))}
            </Methods>
            {input('valid_from', { type: 'datetime-local' })}
            {input('valid_until', { type: 'datetime-local' })}
            {input('member_id', { inputMode: 'numeric' })}
            {refusal && (
              <Alert role="alert" id="code-refusal">
                {refusal.text}
              </Alert>
            )}
            <div style={{ display: 'flex', gap: '12px', flexWrap: 'wrap' }}>
              <Button type="submit" disabled={busy}>
                {t('console.codes.save')}
              </Button>
              <Button type="button" $quiet onClick={() => (setCreating(false), setRefusal(null))}>
                {t('console.orders.cancel')}
              </Button>
            </div>
          </form>
        </Card>
      )}
      {!codes && !error && <Muted role="status">{t('console.loading')}</Muted>}
      {codes && codes.length === 0 && <Muted>{t('console.codes.empty')}</Muted>}
      {codes && codes.length > 0 && (
        <List aria-label={t('console.codes.heading')}>
          {codes.map((c) => (
            <li key={c.id}>
              <Card aria-labelledby={`code-${c.id}`}>
                <h2 id={`code-${c.id}`} style={{ margin: '0 0 8px', fontSize: '1.125rem' }}>
                  {c.code}
                </h2>
                <Facts>
                  <dt>{t('console.orders.status')}</dt>
                  <dd>
                    {t(`console.codes.kinds.${c.kind}`)}, {c.active ? t('console.codes.active') : t('console.codes.inactive')}
                  </dd>
                  <dt>{t('console.codes.percentage')}</dt>
                  <dd>{t('console.codes.percentageValue', { value: c.value_percentage })}</dd>
                  <dt>{t('console.codes.minimum')}</dt>
                  <dd>
                    {c.minimum_order_value !== null && c.currency
                      ? formatPrice(c.minimum_order_value, c.currency, i18n.language)
                      : t('console.codes.none')}
                  </dd>
                  <dt>{t('console.codes.country')}</dt>
                  <dd>{c.country ?? t('console.codes.any')}</dd>
                  <dt>{t('console.codes.methods')}</dt>
                  <dd>{c.paymentmethods.length > 0 ? c.paymentmethods.join(', ') : t('console.codes.any')}</dd>
                  <dt>{t('console.codes.validFrom')}</dt>
                  <dd>{date(c.valid_from)}</dd>
                  <dt>{t('console.codes.validUntil')}</dt>
                  <dd>{date(c.valid_until)}</dd>
                  {c.signup_window_seconds !== null && (
                    <>
                      <dt>{t('console.codes.window')}</dt>
                      <dd>{t('console.codes.windowValue', { hours: c.signup_window_seconds / 3600 })}</dd>
                    </>
                  )}
                  {c.first_purchase_only && (
                    <>
                      <dt>{t('console.codes.firstPurchase')}</dt>
                      <dd>{t('console.codes.yes')}</dd>
                    </>
                  )}
                  {c.member_id !== null && (
                    <>
                      <dt>{t('console.codes.member')}</dt>
                      <dd>{c.member_id}</dd>
                    </>
                  )}
                  <dt>{t('console.codes.redemptions')}</dt>
                  <dd>{t('console.codes.redemptionsValue', { used: c.used, held: c.held })}</dd>
                </Facts>
                {mayWrite && c.active && (
                  <Button type="button" $quiet onClick={() => void deactivate(c)} aria-label={t('console.codes.deactivateCode', { code: c.code })}>
                    {t('console.codes.deactivate')}
                  </Button>
                )}
              </Card>
            </li>
          ))}
        </List>
      )}
    </>
  )
}
