import styled from 'styled-components'
import { color, space } from '../../theme/theme'

/** Hint is a note with a coloured edge; the text keeps the theme's text colour for contrast. */
export const Hint = styled.p<{ $tone?: 'warning' | 'danger' | 'success' | 'info' }>`
  margin: ${space(3)} 0 0;
  padding: ${space(2)} ${space(3)};
  border-left: 4px solid ${(p) => color[p.$tone ?? 'info']};
  background: ${color.background};
  color: ${color.text};
`
