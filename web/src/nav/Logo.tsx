import { Link } from 'react-router'
import styled, { useTheme } from 'styled-components'
import { useAppState } from '../state/context'
import { color, font, space, typeset } from '../theme/theme'

const Home = styled(Link)<{ $onPrimary?: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${space(2)};
  color: ${(p) => (p.$onPrimary ? color.onPrimary : color.primary)};
  font-family: ${font.heading};
  font-size: 1.375rem;
  font-weight: ${typeset.headingWeight};
  letter-spacing: ${typeset.headingSpacing};
  text-decoration: none;
  img {
    height: 36px;
    width: 36px;
  }
`

/**
 * Logo links home with the theme's logo mark (themes/NAME/logo.svg, one
 * drawing per theme, which the boot state gives as the engine's PNG images
 * of it: engine/webapp/icons.go) and the tenant's name set in the theme's heading type.
 * Its accessible name is the brand's name: the mark carries it, the visible
 * name repeats it for the eye only.
 */
export function Logo({ onPrimary = false }: { onPrimary?: boolean }) {
  const theme = useTheme()
  const name = useAppState((s) => s.tenant.name)
  const mark = theme.logo || theme.icon
  return (
    <Home to="/" $onPrimary={onPrimary} data-testid="site-logo">
      {mark ? (
        <>
          <img src={mark} srcSet={(theme.logo && theme.logoSrcSet) || undefined} alt={name} width={36} height={36} data-testid="site-logo-mark" />
          <span data-testid="site-name" aria-hidden="true">
            {name}
          </span>
        </>
      ) : (
        <span data-testid="site-name">{name}</span>
      )}
    </Home>
  )
}
