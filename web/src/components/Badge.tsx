import styled from 'styled-components'
import { color } from '../theme/theme'

export type BadgeTone = 'primary' | 'warning' | 'danger'

/** Badge is the small count beside a navigation item. */
export const Badge = styled.span<{ $tone?: BadgeTone }>`
  display: inline-block;
  min-width: 1.5em;
  padding: 0 0.4em;
  border-radius: 999px;
  font-size: 0.75rem;
  font-weight: 700;
  line-height: 1.5em;
  text-align: center;
  color: ${(p) => (p.$tone === 'warning' ? color.onWarning : p.$tone === 'danger' ? color.onDanger : color.onPrimary)};
  background: ${(p) =>
    p.$tone === 'warning' ? color.warning : p.$tone === 'danger' ? color.danger : color.primary};
`
