import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import styled from 'styled-components'
import { ButtonLink } from '../../components/Button'
import { Page, Panel } from '../../components/Page'
import { useAppState } from '../../state/context'
import type { Packages } from './api'
import { usePackages } from './hooks'
import { PackageList } from './PackageList'
import { Hint } from './Hint'
import { LoadFailed } from './LoadFailed'
import { isLowBalance } from './rules'
import { formatAmount } from '../../i18n/amount'
import { DiscountPanel } from './DiscountPanel'
import { useDiscount } from './useDiscount'
import type { DiscountCode } from './api'
import { color, space } from '../../theme/theme'

const Balance = styled.p`
  margin: 0;
  font-size: 1.5rem;
  font-weight: 700;
  color: ${color.text};
`

const Benefits = styled.ul`
  margin: 0;
  padding-left: ${space(5)};
  li + li {
    margin-top: ${space(1)};
  }
`

const Links = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(4)};
`

/** PackagesPanel loads and shows the packages of the visitor's payment country (prices only unless buy); a member buying sees their discount code. */
function PackagesPanel({ buy }: { buy: boolean }) {
  const { t } = useTranslation()
  const locale = useAppState((s) => s.locale)
  const { state, reload } = usePackages(null)
  const discount = useDiscount()
  return (
    <section aria-labelledby="packages-title" aria-busy={state.status === 'loading'}>
      <h2 id="packages-title">{t('credits.packagesTitle')}</h2>
      {state.status === 'failed' ? (
        <LoadFailed onReload={reload} />
      ) : state.status === 'done' ? (
        <Packaged data={state.data} locale={locale} buy={buy} discount={buy ? discount.code : null} />
      ) : null}
      {buy && <DiscountPanel discount={discount} />}
    </section>
  )
}

function Packaged({ data, locale, buy, discount }: { data: Packages; locale: string; buy: boolean; discount: DiscountCode | null }) {
  const { t } = useTranslation()
  if (data.packages.length === 0) return <p>{t('credits.none')}</p>
  return <PackageList packages={data.packages} locale={locale} buy={buy} discount={discount} country={data.country} />
}

/** BenefitList is what premium gives. */
function BenefitList() {
  const { t } = useTranslation()
  return (
    <Benefits data-testid="premium-benefits">
      <li>{t('premium.benefits.photos')}</li>
      <li>{t('premium.benefits.features')}</li>
      <li>{t('premium.benefits.ownPhotos', { count: 25 })}</li>
    </Benefits>
  )
}

/** CreditsPage: /credits, the balance, the packages and, for free members, what premium gives. */
export function CreditsPage() {
  const { t } = useTranslation()
  const credits = useAppState((s) => s.user?.credits ?? 0)
  const paid = useAppState((s) => !!s.user?.paid_user)
  return (
    <Page title={t('credits.title')} lead={t('credits.lead')} testId="credits-page">
      <Panel>
        <Balance data-testid="credits-balance">{t('credits.balance', { count: credits })}</Balance>
        {isLowBalance(credits) && (
          <Hint $tone={credits > 0 ? 'warning' : 'danger'} data-testid="low-balance">
            {t('credits.low')}
          </Hint>
        )}
        {paid && (
          <Hint $tone="success" data-testid="premium-state">
            {t('premium.already')}
          </Hint>
        )}
      </Panel>
      <PackagesPanel buy />
      {!paid && (
        <Panel as="section" aria-labelledby="benefits-title">
          <h2 id="benefits-title">{t('premium.title')}</h2>
          <p>{t('premium.lead')}</p>
          <BenefitList />
        </Panel>
      )}
      <Links>
        <Link to="/transactions">{t('credits.transactions')}</Link>
        <Link to="/credits/repeat-order">{t('repeatOrder.title')}</Link>
      </Links>
    </Page>
  )
}

/** PremiumPage: /premium, what a first purchase unlocks and the packages that unlock it. */
export function PremiumPage() {
  const { t } = useTranslation()
  const paid = useAppState((s) => !!s.user?.paid_user)
  const loggedIn = useAppState((s) => !!s.user)
  return (
    <Page title={t('premium.title')} lead={paid ? t('premium.already') : t('premium.lead')} testId="premium-page">
      <Panel>
        <BenefitList />
      </Panel>
      <PackagesPanel buy={loggedIn} />
      {loggedIn ? (
        <Links>
          <Link to="/transactions">{t('credits.transactions')}</Link>
        </Links>
      ) : (
        <ButtonLink to="/signup">{t('premium.signup')}</ButtonLink>
      )}
    </Page>
  )
}

/** PricingPage: /pricing, what messages, photos and gifts cost and what credits cost (prices only). */
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
          {min && <li>{t('pricing.minimum', { amount: formatAmount(min.costs, min.currency, locale) })}</li>}
        </ul>
      </Panel>
      <PackagesPanel buy={false} />
      <p>{t('pricing.premium')}</p>
    </Page>
  )
}
