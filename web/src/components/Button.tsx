import styled, { css } from 'styled-components'
import { Link } from 'react-router'
import { color, radius, space, typeset } from '../theme/theme'

type Variant = 'primary' | 'secondary' | 'ghost'

interface ButtonProps {
  $variant?: Variant
  $block?: boolean
}

// The variant and the width are attributes the CSS selects (within :where(),
// so they weigh no more than the props' rules did against a styled(Button)):
// the CSS stays static and styled-components works its class out once, not
// for every button on every render.
// (data attributes are no props styled-components' types know, hence the cast)
const variantAttrs = (p: ButtonProps) => ({ 'data-variant': p.$variant ?? 'primary', 'data-block': p.$block ? 'true' : undefined }) as Record<never, never>

const buttonStyle = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${space(2)};
  min-height: 44px;
  padding: ${space(2)} ${space(5)};
  border-radius: ${radius.button};
  border: 2px solid ${color.primary};
  font: inherit;
  font-weight: ${typeset.buttonWeight};
  text-transform: ${typeset.buttonTransform};
  letter-spacing: ${typeset.buttonSpacing};
  text-decoration: none;
  cursor: pointer;
  width: auto;
  background: ${color.primary};
  color: ${color.onPrimary};
  &:where([data-block='true']) {
    width: 100%;
  }
  &:where([data-variant='secondary']) {
    background: transparent;
    color: ${color.primary};
  }
  &:where([data-variant='ghost']) {
    background: transparent;
    border-color: transparent;
    color: ${color.text};
  }
  &:disabled {
    opacity: 0.6;
    cursor: progress;
  }
`

export const Button = styled.button.attrs<ButtonProps>(variantAttrs)`
  ${buttonStyle}
`

export const ButtonLink = styled(Link).attrs<ButtonProps>(variantAttrs)`
  ${buttonStyle}
`
