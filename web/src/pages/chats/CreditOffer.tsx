import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import styled from 'styled-components'
import { ButtonLink } from '../../components/Button'
import { formatPrice } from '../../i18n/money'
import { usePackages } from '../credits/hooks'
import { paymentPath } from '../credits/rules'
import { color, radius, space } from '../../theme/theme'

/** OFFERED is how many packages the composer shows; the credits page has them all. */
const OFFERED = 3

const Offer = styled.section`
  margin-bottom: ${space(2)};
  padding: ${space(3)};
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  background: ${color.background};
  color: ${color.text};
  h2 {
    margin: 0;
    font-size: 1rem;
  }
  p {
    margin: ${space(1)} 0 0;
    font-size: 0.875rem;
    color: ${color.textMuted};
  }
`

const Packages = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
  margin: ${space(2)} 0 0;
  padding: 0;
  list-style: none;
  li {
    flex: 1 1 140px;
    min-width: 0;
  }
  a {
    padding: ${space(2)} ${space(3)};
    white-space: normal;
  }
`

const All = styled(Link)`
  display: inline-block;
  margin-top: ${space(2)};
  padding: ${space(1)} 0;
  font-size: 0.875rem;
  color: ${color.link};
`

/**
 * CreditOffer stands in the composer when the member's balance cannot pay
 * for the next message: a few credit packages, each one tap from its
 * checkout, and the way to all of them. The member's text stays in the
 * composer meanwhile.
 */
export function CreditOffer() {
  const { t, i18n } = useTranslation()
  const title = useId()
  const { latest } = usePackages(null)
  const packages = latest?.packages.slice(0, OFFERED) ?? []
  return (
    <Offer aria-labelledby={title} data-testid="chat-credit-offer">
      <h2 id={title}>{t('messenger.offer.title')}</h2>
      <p>{t('messenger.offer.lead')}</p>
      {packages.length > 0 && (
        <Packages>
          {packages.map((p) => (
            <li key={p.id}>
              <ButtonLink to={paymentPath(p.id)} $block data-testid="chat-credit-package">
                {t('messenger.offer.package', { count: p.credits, price: formatPrice(p.amount, p.currency, i18n.language) })}
              </ButtonLink>
            </li>
          ))}
        </Packages>
      )}
      <All to="/credits">{t('messenger.offer.all')}</All>
    </Offer>
  )
}
