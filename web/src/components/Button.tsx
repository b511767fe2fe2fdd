import styled, { css } from 'styled-components'
import { Link } from 'react-router'

type Variant = 'primary' | 'secondary' | 'ghost'

const buttonStyle = css<{ $variant?: Variant; $block?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${(p) => p.theme.space(2)};
  min-height: 44px;
  padding: ${(p) => p.theme.space(2)} ${(p) => p.theme.space(5)};
  border-radius: ${(p) => p.theme.radii.button};
  border: 2px solid ${(p) => p.theme.colors.primary};
  font: inherit;
  font-weight: ${(p) => p.theme.type.buttonWeight};
  text-transform: ${(p) => p.theme.type.buttonTransform};
  letter-spacing: ${(p) => p.theme.type.buttonSpacing};
  text-decoration: none;
  cursor: pointer;
  width: ${(p) => (p.$block ? '100%' : 'auto')};
  ${(p) =>
    p.$variant === 'secondary'
      ? css`
          background: transparent;
          color: ${p.theme.colors.primary};
        `
      : p.$variant === 'ghost'
        ? css`
            background: transparent;
            border-color: transparent;
            color: ${p.theme.colors.text};
          `
        : css`
            background: ${p.theme.colors.primary};
            color: ${p.theme.colors.onPrimary};
          `}
  &:disabled {
    opacity: 0.6;
    cursor: progress;
  }
`

export const Button = styled.button<{ $variant?: Variant; $block?: boolean }>`
  ${buttonStyle}
`

export const ButtonLink = styled(Link)<{ $variant?: Variant; $block?: boolean }>`
  ${buttonStyle}
`
