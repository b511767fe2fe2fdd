import styled from 'styled-components'

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
  color: ${(p) => (p.$tone === 'warning' ? p.theme.colors.onWarning : p.$tone === 'danger' ? p.theme.colors.onDanger : p.theme.colors.onPrimary)};
  background: ${(p) =>
    p.$tone === 'warning' ? p.theme.colors.warning : p.$tone === 'danger' ? p.theme.colors.danger : p.theme.colors.primary};
`
