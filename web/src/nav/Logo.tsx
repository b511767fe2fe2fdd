import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import styled, { useTheme } from 'styled-components'
import { useAppState } from '../state/context'

const Home = styled(Link)<{ $onPrimary?: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${(p) => p.theme.space(2)};
  color: ${(p) => (p.$onPrimary ? p.theme.colors.onPrimary : p.theme.colors.primary)};
  font-family: ${(p) => p.theme.fonts.heading};
  font-size: 1.375rem;
  font-weight: 700;
  text-decoration: none;
  img {
    height: 36px;
    width: auto;
  }
`

/** Logo links home with the tenant's logo and name. */
export function Logo({ onPrimary = false }: { onPrimary?: boolean }) {
  const { t } = useTranslation()
  const theme = useTheme()
  const name = useAppState((s) => s.tenant.name)
  return (
    <Home to="/" $onPrimary={onPrimary} aria-label={t('app.home', { name })} data-testid="site-logo">
      {theme.icon && <img src={theme.icon} alt="" width={36} height={36} />}
      <span data-testid="site-name">{name}</span>
    </Home>
  )
}
