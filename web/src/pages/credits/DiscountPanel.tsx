import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Button } from '../../components/Button'
import { Field, FieldError, Input, Label } from '../../components/Form'
import { useAppState } from '../../state/context'
import type { DiscountCode } from './api'
import { Hint } from './Hint'
import { countryName } from '../../i18n/countryName'
import { formatPrice } from '../../i18n/money'
import type { Discount } from './useDiscount'
import { space } from '../../theme/theme'

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
  align-items: flex-end;
  > div {
    flex: 1 1 12rem;
    margin: 0;
  }
`

const Conditions = styled.ul`
  margin: ${space(1)} 0 0;
  padding-left: ${space(5)};
`

/** conditionLines words a code's conditions for the member. */
export function useConditionLines(code: DiscountCode): string[] {
  const { t } = useTranslation()
  const locale = useAppState((s) => s.locale)
  const lines: string[] = []
  if (code.minimum_order_value !== null && code.currency) {
    lines.push(t('discount.conditions.minimum', { price: formatPrice(code.minimum_order_value, code.currency, locale) }))
  } else if (code.currency) {
    lines.push(t('discount.conditions.currency', { currency: code.currency }))
  }
  if (code.country) lines.push(t('discount.conditions.country', { country: countryName(code.country, locale) }))
  if (code.paymentmethods.length > 0) {
    lines.push(t('discount.conditions.methods', { methods: code.paymentmethods.map((m) => t(`paymentMethod.methods.${m}`)).join(', ') }))
  }
  if (code.expires) {
    lines.push(
      code.expired
        ? t('discount.conditions.expired')
        : t('discount.conditions.expires', { date: new Date(code.expires).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) }),
    )
  }
  lines.push(t('discount.conditions.once'))
  return lines
}

/** ActiveCode is the active code with its conditions and a way to remove it. */
function ActiveCode({ code, onRemove }: { code: DiscountCode; onRemove: () => void }) {
  const { t } = useTranslation()
  const lines = useConditionLines(code)
  return (
    <Hint as="div" $tone={code.expired ? 'warning' : 'success'} data-testid="discount-active" role="status">
      <strong>{t('discount.active', { code: code.code, percentage: code.value_percentage })}</strong>
      <Conditions data-testid="discount-conditions">
        {lines.map((l) => (
          <li key={l}>{l}</li>
        ))}
      </Conditions>
      <Button type="button" $variant="secondary" onClick={onRemove}>
        {t('discount.remove')}
      </Button>
    </Hint>
  )
}

/** DiscountPanel lets the member enter a discount code, and shows the active one with its conditions. */
export function DiscountPanel({ discount }: { discount: Discount }) {
  const { t } = useTranslation()
  const id = useId()
  const [typed, setTyped] = useState('')
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    await discount.enter(typed)
    setTyped('')
  }
  return (
    <section aria-labelledby={`${id}-title`} data-testid="discount">
      <h2 id={`${id}-title`}>{t('discount.title')}</h2>
      {discount.code && <ActiveCode code={discount.code} onRemove={discount.remove} />}
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('discount.title')}>
        <Row>
          <Field>
            <Label htmlFor={id}>{t('discount.label')}</Label>
            <Input
              id={id}
              value={typed}
              autoCapitalize="characters"
              autoComplete="off"
              maxLength={32}
              aria-invalid={!!discount.refusal}
              aria-describedby={discount.refusal ? `${id}-error` : undefined}
              onChange={(e) => setTyped(e.currentTarget.value)}
            />
          </Field>
          <Button type="submit" disabled={discount.busy || !typed.trim()}>
            {t('discount.apply')}
          </Button>
        </Row>
        {discount.refusal && (
          <FieldError id={`${id}-error`} role="alert" data-testid="discount-error">
            {t(discount.refusal)}
          </FieldError>
        )}
      </form>
    </section>
  )
}
