import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import styled from 'styled-components'
import { Container } from '../../components/Grid'
import { registryNumber, tradeNameStatement } from './company'
import { showUsFooter } from './entry'
import { useAppState } from '../../state/context'
import { UsFooter } from './UsFooter'
import { color, space } from '../../theme/theme'

// Laid out only when it comes near the screen (content-visibility), as the
// home's sections (pages/home/variants).
const Foot = styled.footer`
  content-visibility: auto;
  contain-intrinsic-size: auto 320px;
  margin-top: auto;
  padding: ${space(8)} 0 ${space(6)};
  border-top: 1px solid ${color.border};
  background: ${color.surface};
  color: ${color.textMuted};
  font-size: 0.875rem;
`

const Links = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)} ${space(5)};
  margin: 0 0 ${space(4)};
  padding: 0;
  list-style: none;
  a {
    color: ${color.link};
  }
`

/** The footer links, in order: the info pages. */
export const FOOTER_LINKS = [
  { key: 'terms', to: '/pages/terms' },
  { key: 'privacy', to: '/pages/privacy' },
  { key: 'cookies', to: '/pages/cookies' },
  { key: 'ban', to: '/pages/ban' },
  { key: 'pricing', to: '/pricing' },
  { key: 'complaints', to: '/complaints' },
  { key: 'returnPolicy', to: '/pages/return-policy' },
  { key: 'faq', to: '/pages/faq' },
  { key: 'service', to: '/pages/service' },
] as const

export function Footer() {
  const { t } = useTranslation()
  const company = useAppState((s) => s.company)
  const locale = useAppState((s) => s.locale)
  const countries = useAppState((s) => s.settings.countries)
  const country = useAppState((s) => s.country)
  const brand = useAppState((s) => s.tenant.name)
  // A brand that is a trade name says whose (tradenames in the company info).
  const statement = tradeNameStatement(company, brand)
  const vat = company.vat_numbers?.length > 0 && <> · {t('footer.vat', { vat: company.vat_numbers.join(', ') })}</>
  return (
    <Foot data-testid="site-footer">
      <Container>
        <nav aria-label={t('footer.links')}>
          <Links>
            {FOOTER_LINKS.map((l) => (
              <li key={l.key}>
                <Link to={l.to}>{t(`footer.${l.key}`)}</Link>
              </li>
            ))}
          </Links>
        </nav>
        {statement ? (
          <p data-testid="trade-name">
            {t('footer.tradeName', statement)}
            {vat}
          </p>
        ) : (
          <p>
            {t('footer.company', { name: company.name, address: company.address, city: company.city })}
            {company.kvk && <> · {registryNumber(company)}</>}
            {vat}
          </p>
        )}
        <p>{t('footer.copyright', { year: new Date().getFullYear(), name: company.name })}</p>
        {showUsFooter(locale, countries ?? [], country) && <UsFooter />}
      </Container>
    </Foot>
  )
}
