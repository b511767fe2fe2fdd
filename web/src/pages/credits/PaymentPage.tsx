import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import styled, { keyframes } from 'styled-components'
import { ApiError } from '../../api/http'
import { Button, ButtonLink } from '../../components/Button'
import { Field, Hint as FieldHint, Label, Select } from '../../components/Form'
import { Page, Panel } from '../../components/Page'
import { codeText } from '../../api/serverErrors'
import { errorText } from '../../i18n/errorText'
import { useAppState } from '../../state/context'
import type { Order, Packages } from './api'
import { Hint } from './Hint'
import { Choices, ErrorText, Summary } from './parts'
import { orderCountry, rememberOrderCountry, useBilling, usePackages, usePayment, type Payment } from './hooks'
import { leaveFor } from './leave'
import { PaymentLogo } from './PaymentLogo'
import { countryName } from '../../i18n/countryName'
import { formatPrice } from '../../i18n/money'
import { canRetry, chosenMethod, findPackage, methodsOf, paymentPath, type PaymentMethod } from './rules'
import { discounted, refusalText, whyNot } from './discount'
import { DiscountPanel } from './DiscountPanel'
import { useDiscount } from './useDiscount'
import { isCardMethod } from './repeat'
import { color, radius, space } from '../../theme/theme'
import { WithdrawalWaiver, useWaiver } from './WithdrawalWaiver'

const MethodGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(160px, 1fr));
  gap: ${space(2)};
`

const MethodOption = styled.label`
  display: flex;
  align-items: center;
  gap: ${space(2)};
  min-height: 44px;
  min-width: 0;
  padding: ${space(2)};
  border: 2px solid ${color.border};
  border-radius: ${radius.md};
  background: ${color.surface};
  color: ${color.text};
  cursor: pointer;
  overflow-wrap: anywhere;
  &:has(input:checked) {
    border-color: ${color.primary};
  }
  &:has(input:focus-visible) {
    outline: 3px solid ${color.info};
    outline-offset: 2px;
  }
  input {
    flex: none;
    width: 1.125rem;
    height: 1.125rem;
    margin: 0;
    accent-color: ${color.primary};
  }
  svg {
    flex: none;
  }
`

/** KeepCard is the consent to keep the card for repeat orders: a checkbox and its label. */
const KeepCard = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${space(2)};
  min-width: 0;
  input {
    flex: none;
    width: 1.25rem;
    height: 1.25rem;
    margin: 2px 0 0;
    accent-color: ${color.primary};
  }
  span {
    display: flex;
    flex-direction: column;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  label {
    cursor: pointer;
  }
`

const spin = keyframes`
  to { transform: rotate(360deg); }
`

const Spinner = styled.span`
  display: inline-block;
  flex: none;
  width: 1.5rem;
  height: 1.5rem;
  border: 3px solid ${color.border};
  border-top-color: ${color.primary};
  border-radius: 50%;
  animation: ${spin} 0.9s linear infinite;
  @media (prefers-reduced-motion: reduce) {
    animation-duration: 3s;
  }
`

const Progress = styled.div`
  display: flex;
  align-items: center;
  gap: ${space(3)};
  p {
    margin: 0;
  }
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(3)};
  align-items: center;
  margin-top: ${space(4)};
`

export { countryName }

/** billingTexts word a failed billing call: a discount code's refusal, or a general code. */
const billingTexts = [refusalText, codeText]

/** CountryChoice is the payment country: a labelled select of the tenant's payment countries. */
function CountryChoice({ data, onChange, disabled }: { data: Packages; onChange: (country: string) => void; disabled: boolean }) {
  const { t } = useTranslation()
  const id = useId()
  const locale = useAppState((s) => s.locale)
  if (data.countries.length < 2) return null
  return (
    <Field>
      <Label htmlFor={id}>{t('paymentMethod.country')}</Label>
      <Select id={id} value={data.country} disabled={disabled} onChange={(e) => onChange(e.currentTarget.value)} data-testid="payment-country">
        {data.countries.map((c) => (
          <option key={c} value={c}>
            {countryName(c, locale)}
          </option>
        ))}
      </Select>
    </Field>
  )
}

/** MethodChoice is the radio group of a country's payment methods, each with its mark and name. */
function MethodChoice({ methods, value, onChange, legendId }: { methods: PaymentMethod[]; value: PaymentMethod | null; onChange: (m: PaymentMethod) => void; legendId: string }) {
  const { t } = useTranslation()
  if (methods.length === 0) return <p>{t('paymentMethod.noMethods')}</p>
  return (
    <Choices data-testid="payment-methods">
      <legend id={legendId} tabIndex={-1}>
        {t('paymentMethod.legend')}
      </legend>
      <MethodGrid>
        {methods.map((m) => (
          <MethodOption key={m} data-testid="payment-method" data-method={m}>
            <input type="radio" name="paymentmethod" value={m} checked={value === m} onChange={() => onChange(m)} />
            <PaymentLogo method={m} />
            <span>{t(`paymentMethod.methods.${m}`)}</span>
          </MethodOption>
        ))}
      </MethodGrid>
    </Choices>
  )
}

/** useCountry is the payment country the member picked (?country=), null for the visitor's own. */
function useCountry(): [string | null, (c: string) => void] {
  const [params, setParams] = useSearchParams()
  const set = (c: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p)
        next.set('country', c)
        return next
      },
      { replace: true },
    )
  return [params.get('country'), set]
}

/** MethodPicker: choose how to pay for package :id, see the order and go to the payment provider. */
function MethodPicker() {
  const { t } = useTranslation()
  const { id = '', paymentmethod } = useParams()
  const navigate = useNavigate()
  const locale = useAppState((s) => s.locale)
  const calls = useBilling()
  const legendId = useId()
  const [country, setCountry] = useCountry()
  const { state, latest } = usePackages(country)
  // The method shows as chosen at once; the route follows (a reload keeps it).
  const [picked, setPicked] = useState(paymentmethod)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [keepCard, setKeepCard] = useState(false)
  const waiver = useWaiver()
  const keepCardId = useId()
  const discount = useDiscount()
  const data = state.status === 'done' ? state.data : latest

  if (!data) {
    return state.status === 'failed' ? (
      <ErrorText role="alert">{errorText(t, state.error, billingTexts, 'errors.tryLater')}</ErrorText>
    ) : (
      <p role="status">{t('app.loading')}</p>
    )
  }
  const pkg = findPackage(data, id)
  if (!pkg) {
    return (
      <Panel data-testid="package-unknown">
        <p>{t('paymentMethod.unknownPackage')}</p>
        <Link to="/credits">{t('paymentMethod.backToPackages')}</Link>
      </Panel>
    )
  }
  const methods = methodsOf(data)
  const method = chosenMethod(methods, picked)
  // The active code applies when every condition holds for this package,
  // payment country and method; the server checks them again.
  const code = discount.code
  const notApplicable = code ? whyNot(code, pkg, data.country, method) : null
  const applies = !!code && notApplicable === null
  const amount = applies ? discounted(pkg.amount, code.value_percentage) : pkg.amount
  const price = formatPrice(amount, pkg.currency, locale)
  const search = country ? `?country=${encodeURIComponent(country)}` : ''

  const pay = async (e: FormEvent) => {
    e.preventDefault()
    if (!method) {
      setError(t('paymentMethod.noMethod'))
      document.getElementById(legendId)?.focus()
      return
    }
    // Direct debit has its own page: the account, the phone and the texted code.
    if (method === 'sdd') {
      const withCode = applies ? `&discount_code=${encodeURIComponent(code.code)}` : ''
      void navigate(`/directdebit?package=${encodeURIComponent(pkg.id)}&country=${encodeURIComponent(data.country)}${withCode}`)
      return
    }
    if (!waiver.ready()) return
    setBusy(true)
    setError(null)
    try {
      const created = await calls.order({
        package_id: pkg.id,
        paymentmethod: method,
        country: data.country,
        ...(applies ? { discount_code: code.code } : {}),
        ...(keepCard && isCardMethod(method) ? { keep_card: true } : {}),
        ...waiver.body,
      })
      rememberOrderCountry(created.order_id, data.country)
      leaveFor(created.redirect_url)
    } catch (err) {
      setBusy(false)
      setError(errorText(t, err, billingTexts, 'errors.tryLater'))
    }
  }

  return (
    <>
      <form onSubmit={(e) => void pay(e)} noValidate aria-label={t('paymentMethod.title')} data-testid="payment-form">
      <Panel>
        <CountryChoice data={data} disabled={busy} onChange={setCountry} />
        {state.status === 'failed' && <ErrorText role="alert">{errorText(t, state.error, billingTexts, 'errors.tryLater')}</ErrorText>}
        <MethodChoice
          methods={methods}
          value={method}
          legendId={legendId}
          onChange={(m) => {
            // A method chosen answers the error that asked for one.
            setError(null)
            setPicked(m)
            void navigate(paymentPath(pkg.id, m) + search, { replace: true })
          }}
        />
        {method && isCardMethod(method) && (
          <KeepCard>
            <input id={keepCardId} type="checkbox" checked={keepCard} disabled={busy} onChange={(e) => setKeepCard(e.currentTarget.checked)} aria-describedby={`${keepCardId}-hint`} data-testid="keep-card" />
            <span>
              <label htmlFor={keepCardId}>{t('paymentMethod.keepCard')}</label>
              <FieldHint id={`${keepCardId}-hint`}>{t('paymentMethod.keepCardHint')}</FieldHint>
            </span>
          </KeepCard>
        )}
        <WithdrawalWaiver {...waiver.box} disabled={busy} />
      </Panel>
      <Panel as="section" aria-labelledby="order-summary">
        <h2 id="order-summary">{t('paymentMethod.summary')}</h2>
        <Summary data-testid="order-summary">
          <dt>{t('paymentMethod.package')}</dt>
          <dd>{t('credits.packageCredits', { count: pkg.credits })}</dd>
          <dt>{t('paymentMethod.method')}</dt>
          <dd>{method ? t(`paymentMethod.methods.${method}`) : t('paymentMethod.noneChosen')}</dd>
          <dt>{t('paymentMethod.country')}</dt>
          <dd>{countryName(data.country, locale)}</dd>
          {applies && (
            <>
              <dt>{t('discount.price')}</dt>
              <dd data-testid="order-list-price">{formatPrice(pkg.amount, pkg.currency, locale)}</dd>
              <dt>{t('discount.row', { code: code.code, percentage: code.value_percentage })}</dt>
              <dd data-testid="order-discount">{formatPrice(amount - pkg.amount, pkg.currency, locale)}</dd>
            </>
          )}
          <dt>{t('paymentMethod.total')}</dt>
          <dd data-testid="order-total">{price}</dd>
        </Summary>
        {code && notApplicable && (
          <Hint $tone="warning" data-testid="discount-not-applicable">
            {t(`discount.notApplicable.${notApplicable}`)}
          </Hint>
        )}
        {error && (
          <ErrorText role="alert" data-testid="payment-error">
            {error}
          </ErrorText>
        )}
        <Button type="submit" disabled={busy} $block>
          {busy ? t('paymentMethod.paying') : t('paymentMethod.pay', { price })}
        </Button>
      </Panel>
      </form>
      {/* Its own form: forms do not nest. */}
      <Panel>
        <DiscountPanel discount={discount} />
      </Panel>
      <Link to="/credits">{t('paymentMethod.backToPackages')}</Link>
    </>
  )
}

/** RetryForm pays a failed, cancelled or expired order again with a method of its payment country. */
function RetryForm({ order }: { order: Order }) {
  const { t } = useTranslation()
  const calls = useBilling()
  const locale = useAppState((s) => s.locale)
  const legendId = useId()
  const [country, setCountry] = useState<string | null>(() => orderCountry(order.order_id))
  const { state, latest } = usePackages(country)
  const data = state.status === 'done' ? state.data : latest
  const [method, setMethod] = useState<PaymentMethod | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  if (!data) return state.status === 'failed' ? <ErrorText role="alert">{errorText(t, state.error, billingTexts, 'errors.tryLater')}</ErrorText> : null
  const methods = methodsOf(data)
  const chosen = chosenMethod(methods, method ?? undefined)

  const retry = async (e: FormEvent) => {
    e.preventDefault()
    if (!chosen) {
      setError(t('paymentMethod.noMethod'))
      document.getElementById(legendId)?.focus()
      return
    }
    setBusy(true)
    setError(null)
    try {
      const created = await calls.retry(order.order_id, chosen)
      rememberOrderCountry(created.order_id, data.country)
      leaveFor(created.redirect_url)
    } catch (err) {
      setBusy(false)
      setError(errorText(t, err, billingTexts, 'errors.tryLater'))
    }
  }

  return (
    <form onSubmit={(e) => void retry(e)} noValidate aria-labelledby="retry-title" data-testid="retry-form">
      <h3 id="retry-title">{t('payment.retryTitle')}</h3>
      <CountryChoice data={data} disabled={busy} onChange={setCountry} />
      <MethodChoice
        methods={methods}
        value={chosen}
        legendId={legendId}
        onChange={(m) => {
          setError(null)
          setMethod(m)
        }}
      />
      {error && (
        <ErrorText role="alert" data-testid="retry-error">
          {error}
        </ErrorText>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? t('paymentMethod.paying') : t('payment.retry', { price: formatPrice(order.amount, order.currency, locale) })}
      </Button>
    </form>
  )
}

/** Result shows a payment's state: checking, pending (polling), completed, or failed with a retry. */
function Result({ payment, again }: { payment: Payment; again: () => void }) {
  const { t } = useTranslation()
  const heading = useRef<HTMLHeadingElement>(null)
  const settled = payment.phase === 'settled' || payment.phase === 'error'
  // A settled payment moves the focus to its outcome, so it is read out.
  useEffect(() => {
    if (settled) heading.current?.focus()
  }, [settled])

  switch (payment.phase) {
    case 'loading':
      return (
        <Panel role="status" data-testid="payment-result" data-status="loading">
          <Progress>
            <Spinner aria-hidden="true" />
            <p>{t('payment.loading')}</p>
          </Progress>
        </Panel>
      )
    case 'pending':
      return (
        <Panel role="status" data-testid="payment-result" data-status="pending">
          <h2>{t('payment.pendingTitle')}</h2>
          {payment.gaveUp ? (
            <>
              <p>{t('payment.stillPending')}</p>
              <Actions>
                <Button type="button" onClick={again}>
                  {t('payment.checkAgain')}
                </Button>
                <Link to="/transactions">{t('credits.transactions')}</Link>
              </Actions>
            </>
          ) : (
            <Progress data-testid="payment-progress">
              <Spinner aria-hidden="true" />
              <div>
                <p>{t('payment.pending')}</p>
                <p>
                  <small>{t('payment.checks', { count: payment.checks })}</small>
                </p>
              </div>
            </Progress>
          )}
        </Panel>
      )
    case 'error':
      return (
        <Panel data-testid="payment-result" data-status="error">
          <h2 ref={heading} tabIndex={-1}>
            {payment.error instanceof ApiError && payment.error.code === 'order_not_found' ? t('payment.notFound') : errorText(t, payment.error, billingTexts, 'errors.tryLater')}
          </h2>
          <Link to="/credits">{t('paymentMethod.backToPackages')}</Link>
        </Panel>
      )
    case 'settled':
      return <Settled order={payment.order} premiumNow={payment.premiumNow} balance={payment.balance} headingRef={heading} />
  }
}

function Settled({ order, premiumNow, balance, headingRef }: { order: Order; premiumNow: boolean; balance: number | null; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const { t } = useTranslation()
  const credits = useAppState((s) => s.user?.credits ?? balance ?? 0)
  if (order.status === 'completed') {
    return (
      <Panel data-testid="payment-result" data-status="completed">
        <h2 ref={headingRef} tabIndex={-1}>
          {t('payment.completed')}
        </h2>
        <Hint $tone="success" data-testid="payment-added">
          {t('payment.added', { count: order.credits })}
        </Hint>
        <p data-testid="payment-balance">{t('payment.balance', { count: credits })}</p>
        {premiumNow && (
          <Hint $tone="info" data-testid="payment-premium">
            {t('payment.premiumNow')}
          </Hint>
        )}
        <Actions>
          <ButtonLink to="/members">{t('payment.toMembers')}</ButtonLink>
          <Link to={`/transactions/${order.order_id}`}>{t('payment.toTransaction')}</Link>
        </Actions>
      </Panel>
    )
  }
  return (
    <Panel data-testid="payment-result" data-status={order.status}>
      {order.status === 'refunded' ? (
        <h2 ref={headingRef} tabIndex={-1}>
          {t('payment.refunded')}
        </h2>
      ) : (
        <h2 ref={headingRef} tabIndex={-1} data-testid="payment-failed">
          {t('payment.failed')}
        </h2>
      )}
      {canRetry(order.status) && <RetryForm order={order} />}
      <Actions>
        <Link to="/credits">{t('paymentMethod.backToPackages')}</Link>
      </Actions>
    </Panel>
  )
}

/** PaymentResult is the return from the payment provider (?payment_id=): the payment's state. */
function PaymentResult({ paymentId }: { paymentId: string }) {
  const { payment, again } = usePayment(paymentId)
  return <Result payment={payment} again={again} />
}

/**
 * PaymentMethodPage: /credits/{id}/{paymentmethod?}, paying for a package;
 * with ?payment_id= the result of that payment.
 */
export function PaymentMethodPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const paymentId = params.get('payment_id')
  return (
    <Page title={paymentId ? t('payment.title') : t('paymentMethod.title')} lead={paymentId ? undefined : t('paymentMethod.lead')} testId="payment-page">
      {paymentId ? <PaymentResult key={paymentId} paymentId={paymentId} /> : <MethodPicker />}
    </Page>
  )
}
