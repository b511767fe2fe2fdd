import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import styled from 'styled-components'
import { ButtonLink } from '../../components/Button'
import { Page, Panel } from '../../components/Page'
import { useAppState } from '../../state/context'

const Balance = styled.p`
  font-size: 1.5rem;
  font-weight: 700;
  color: ${(p) => p.theme.colors.primary};
`

/** The payment methods of SPEC.md section 9. */
export const PAYMENT_METHODS = [
  'sdd', 'prezelewy24', 'blik', 'sct', 'giropay', 'mastercard', 'visa', 'creditcard', 'dankort', 'mobilepay', 'swish',
  'twint', 'satispay', 'vipps', 'cartebancaire', 'nexi', 'ideal', 'bancontact', 'applepay', 'paysafecard', 'maestro',
  'paypal', 'sofort', 'eps',
] as const

/** CreditsPage: /credits, the balance and the credit packages. */
export function CreditsPage() {
  const { t } = useTranslation()
  const credits = useAppState((s) => s.user?.credits ?? 0)
  return (
    <Page title={t('credits.title')} lead={t('credits.lead')} testId="credits-page">
      <Panel>
        <Balance>{t('credits.balance', { count: credits })}</Balance>
      </Panel>
      <Link to="/credits/repeat-order">{t('repeatOrder.title')}</Link>
    </Page>
  )
}

/** PaymentMethodPage: /credits/{id}/{paymentmethod?}, paying for a package. */
export function PaymentMethodPage() {
  const { t } = useTranslation()
  const { paymentmethod } = useParams()
  const known = (PAYMENT_METHODS as readonly string[]).includes(paymentmethod ?? '')
  return (
    <Page title={t('paymentMethod.title')} lead={t('paymentMethod.lead')}>
      {known && <Panel>{t('paymentMethod.chosen', { method: t(`paymentMethod.methods.${paymentmethod}`) })}</Panel>}
      <Link to="/credits">{t('credits.title')}</Link>
    </Page>
  )
}

/** RepeatOrderPage: /credits/repeat-order. */
export function RepeatOrderPage() {
  const { t } = useTranslation()
  return (
    <Page title={t('repeatOrder.title')} lead={t('repeatOrder.lead')}>
      <Link to="/credits">{t('credits.title')}</Link>
    </Page>
  )
}

/** DirectDebitPage: /directdebit. */
export function DirectDebitPage() {
  const { t } = useTranslation()
  return (
    <Page title={t('directDebit.title')} lead={t('directDebit.lead')}>
      <Link to="/credits">{t('credits.title')}</Link>
    </Page>
  )
}

/** TransactionsPage: /transactions/{id?}. */
export function TransactionsPage() {
  const { t } = useTranslation()
  return (
    <Page title={t('transactions.title')} lead={t('transactions.lead')}>
      <Link to="/credits">{t('credits.title')}</Link>
    </Page>
  )
}

/** PremiumPage: /premium, what a first purchase unlocks. */
export function PremiumPage() {
  const { t } = useTranslation()
  const paid = useAppState((s) => !!s.user?.paid_user)
  return (
    <Page title={t('premium.title')} lead={paid ? t('premium.already') : t('premium.lead')}>
      <Panel>
        <ul>
          <li>{t('premium.benefits.photos')}</li>
          <li>{t('premium.benefits.ownPhotos', { count: 25 })}</li>
          <li>{t('premium.benefits.features')}</li>
        </ul>
      </Panel>
      <ButtonLink to="/credits">{t('premium.cta')}</ButtonLink>
    </Page>
  )
}

function money(amount: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount)
  } catch {
    return `${amount} ${currency}`
  }
}

/** PricingPage: /pricing, what messages, photos and gifts cost. */
export function PricingPage() {
  const { t } = useTranslation()
  const s = useAppState((st) => st.settings)
  const locale = useAppState((st) => st.locale)
  const min = s.minimum_message_costs?.[s.geoip_selected_country] ?? Object.values(s.minimum_message_costs ?? {})[0]
  return (
    <Page title={t('pricing.title')} lead={t('pricing.lead')} testId="pricing-page">
      <Panel>
        <ul>
          <li>{t('pricing.message', { count: s.message_credits })}</li>
          <li>{t('pricing.photo', { count: s.photo_credits })}</li>
          <li>{t('pricing.gift', { count: s.gift_credits })}</li>
          {min && <li>{t('pricing.minimum', { amount: money(min.costs, min.currency, locale) })}</li>}
        </ul>
      </Panel>
      <p>{t('pricing.premium')}</p>
    </Page>
  )
}
