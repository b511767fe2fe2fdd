import styled, { css } from 'styled-components'

// control is the look every text field, select and text area shares.
const control = css`
  padding: ${(p) => p.theme.space(2)} ${(p) => p.theme.space(3)};
  border: 1px solid ${(p) => p.theme.colors.control};
  border-radius: ${(p) => p.theme.radii.md};
  background: ${(p) => p.theme.colors.surface};
  color: ${(p) => p.theme.colors.text};
  font: inherit;
`

export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${(p) => p.theme.space(1)};
  margin-bottom: ${(p) => p.theme.space(4)};
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
  color: ${(p) => p.theme.colors.textMuted};
  font-size: 0.875rem;
`

/** FieldError is a field's error text. */
export const FieldError = styled.span`
  color: ${(p) => p.theme.colors.danger};
  font-size: 0.875rem;
`

export const Narrow = styled.div`
  max-width: 420px;
`
