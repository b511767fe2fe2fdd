import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import styled, { useTheme } from 'styled-components'
import { Container } from '../../components/Grid'
import { registryNumber, tradeNameStatement } from './company'
import { showUsFooter } from './entry'
import { useAppState } from '../../state/context'
import { UsFooter } from './UsFooter'
import { color, media, space } from '../../theme/theme'

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
  &[data-footer='compact'] {
    contain-intrinsic-size: auto 160px;
    padding: ${space(4)} 0;
    font-size: 0.8125rem;
  }
`

/** Columns: the links in two columns (three on wide screens) beside the company. */
const Columns = styled.div`
  display: grid;
  gap: ${space(5)};
  ${media('md')} {
    grid-template-columns: 2fr 1fr;
  }
  address {
    font-style: normal;
    line-height: 1.6;
  }
`

const ColumnList = styled.ul`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${space(2)} ${space(4)};
  margin: 0;
  padding: 0;
  list-style: none;
  ${media('md')} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`

const ColumnLink = styled(Link)`
  display: inline-block;
  padding: ${space(1)} 0;
  color: ${color.link};
`

/** Line: the links in one run, set apart by dots. */
const Line = styled.ul`
  display: flex;
  flex-wrap: wrap;
  margin: 0 0 ${space(2)};
  padding: 0;
  list-style: none;
  li:not(:last-child)::after {
    content: '·' / '';
    padding: 0 ${space(2)};
  }
`

const LineLink = styled(Link)`
  display: inline-block;
  padding: 2px 0;
  color: ${color.link};
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

/**
 * Footer is the info pages' links and the company behind the brand, in the
 * theme's variant: the links in a row over the company, the links in
 * columns beside it, or the links and the company in one short line each.
 */
export function Footer() {
  const { t } = useTranslation()
  const variant = useTheme().layout.footer
  const company = useAppState((s) => s.company)
  const locale = useAppState((s) => s.locale)
  const countries = useAppState((s) => s.settings.countries)
  const country = useAppState((s) => s.country)
  const brand = useAppState((s) => s.tenant.name)
  // A brand that is a trade name says whose (tradenames in the company info).
  const statement = tradeNameStatement(company, brand)
  const vat = company.vat_numbers?.length > 0 && <> · {t('footer.vat', { vat: company.vat_numbers.join(', ') })}</>
  const who = statement ? (
    <span data-testid="trade-name">
      {t('footer.tradeName', statement)}
      {vat}
    </span>
  ) : (
    <>
      {t('footer.company', { name: company.name, address: company.address, city: company.city })}
      {company.kvk && <> · {registryNumber(company)}</>}
      {vat}
    </>
  )
  const copyright = t('footer.copyright', { year: new Date().getFullYear(), name: company.name })
  const us = showUsFooter(locale, countries ?? [], country) && <UsFooter />
  const links = (List: typeof Links, A: typeof Link) => (
    <nav aria-label={t('footer.links')}>
      <List>
        {FOOTER_LINKS.map((l) => (
          <li key={l.key}>
            <A to={l.to}>{t(`footer.${l.key}`)}</A>
          </li>
        ))}
      </List>
    </nav>
  )
  return (
    <Foot data-testid="site-footer" data-footer={variant}>
      <Container>
        {variant === 'columns' ? (
          <Columns>
            {links(ColumnList, ColumnLink)}
            <address>
              {who}
              <br />
              {copyright}
            </address>
          </Columns>
        ) : variant === 'compact' ? (
          <>
            {links(Line, LineLink)}
            <p>
              {who} · {copyright}
            </p>
          </>
        ) : (
          <>
            {links(Links, Link)}
            <p>{who}</p>
            <p>{copyright}</p>
          </>
        )}
        {us}
      </Container>
    </Foot>
  )
}
