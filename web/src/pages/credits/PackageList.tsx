import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { ButtonLink } from '../../components/Button'
import type { CreditPackage, DiscountCode } from './api'
import { discounted, whyNot } from './discount'
import { formatPrice } from '../../i18n/money'
import { badgeKey, paymentPath } from './rules'
import { color, radius, space } from '../../theme/theme'

const List = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: ${space(4)};
  padding: 0;
  margin: 0 0 ${space(4)};
  list-style: none;
`

const Card = styled.li<{ $highlight: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${space(2)};
  min-width: 0;
  padding: ${space(4)};
  border: 2px solid ${(p) => (p.$highlight ? color.primary : color.border)};
  border-radius: ${radius.lg};
  background: ${color.surface};
  color: ${color.text};
  h3 {
    margin: 0;
    font-size: 1.25rem;
  }
`

/** Ribbon is a package's badge: text colour on surface inverted, readable in every theme. */
const Ribbon = styled.span`
  align-self: flex-start;
  padding: 0 ${space(2)};
  border-radius: 999px;
  font-size: 0.875rem;
  font-weight: 700;
  color: ${color.surface};
  background: ${color.text};
`

const Price = styled.p`
  margin: 0;
  font-size: 1.5rem;
  font-weight: 700;
`

/** Before is the price before a discount, struck through. */
const Before = styled.s`
  display: block;
  font-size: 1rem;
  font-weight: 400;
  color: ${color.textMuted};
`

const Muted = styled.p`
  margin: 0;
  color: ${color.textMuted};
  font-size: 0.875rem;
`

/**
 * PackageList shows the credit packages with their prices in the member's
 * locale; with buy, each leads to its payment page. With an active
 * discount code, a package the code applies to (in country) shows the
 * discounted price the server will charge, the price before struck
 * through.
 */
export function PackageList({ packages, locale, buy, discount, country }: { packages: CreditPackage[]; locale: string; buy: boolean; discount?: DiscountCode | null; country?: string }) {
  const { t } = useTranslation()
  return (
    <List data-testid="package-list">
      {packages.map((p) => {
        const badge = badgeKey(p.badge)
        const applies = !!discount && whyNot(discount, p, country) === null
        const amount = applies ? discounted(p.amount, discount.value_percentage) : p.amount
        const price = formatPrice(amount, p.currency, locale)
        return (
          <Card key={p.id} $highlight={!!badge} data-testid="package" data-id={p.id}>
            {badge && <Ribbon data-testid="package-badge">{t(badge)}</Ribbon>}
            <h3>{t('credits.packageCredits', { count: p.credits })}</h3>
            <Price data-testid="package-price">
              {applies && (
                <Before data-testid="package-list-price" aria-label={t('discount.before', { price: formatPrice(p.amount, p.currency, locale) })}>
                  {formatPrice(p.amount, p.currency, locale)}
                </Before>
              )}
              {price}
            </Price>
            {applies && <Muted data-testid="package-discount">{t('discount.off', { code: discount.code, percentage: discount.value_percentage })}</Muted>}
            {p.credits > 0 && <Muted>{t('credits.perCredit', { price: formatPrice(amount / p.credits, p.currency, locale) })}</Muted>}
            {buy && (
              <ButtonLink to={paymentPath(p.id)} $block aria-label={t('credits.buyLabel', { count: p.credits, price })}>
                {t('credits.buy')}
              </ButtonLink>
            )}
          </Card>
        )
      })}
    </List>
  )
}
