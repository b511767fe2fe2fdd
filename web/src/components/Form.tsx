import styled, { css } from 'styled-components'
import { color, radius, space } from '../theme/theme'

// control is the look every text field, select and text area shares.
const control = css`
  padding: ${space(2)} ${space(3)};
  border: 1px solid ${color.control};
  border-radius: ${radius.md};
  background: ${color.surface};
  color: ${color.text};
  font: inherit;
`

export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space(1)};
  margin-bottom: ${space(4)};
`

export const Label = styled.label`
  font-weight: 600;
`

export const Input = styled.input`
  min-height: 44px;
  ${control}
`

export const Select = styled.select`
  min-height: 44px;
  ${control}
`

/** TextArea is a multi-line field; $rows sets its height in text lines. */
export const TextArea = styled.textarea<{ $rows?: number }>`
  min-height: ${(p) => (p.$rows ?? 4) * 1.5 + 1}em;
  ${control}
  resize: vertical;
`

/** Hint is the small print under a field (counters, explanations). */
export const Hint = styled.span`
  color: ${color.textMuted};
  font-size: 0.875rem;
`

/** FieldError is a field's error text. */
export const FieldError = styled.span`
  color: ${color.danger};
  font-size: 0.875rem;
`

export const Narrow = styled.div`
  max-width: 420px;
`
