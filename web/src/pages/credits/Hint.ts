import styled from 'styled-components'

/** Hint is a note with a coloured edge; the text keeps the theme's text colour for contrast. */
export const Hint = styled.p<{ $tone?: 'warning' | 'danger' | 'success' | 'info' }>`
  margin: ${(p) => p.theme.space(3)} 0 0;
  padding: ${(p) => p.theme.space(2)} ${(p) => p.theme.space(3)};
  border-left: 4px solid ${(p) => p.theme.colors[p.$tone ?? 'info']};
  background: ${(p) => p.theme.colors.background};
  color: ${(p) => p.theme.colors.text};
`
