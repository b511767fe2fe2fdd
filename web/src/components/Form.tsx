import styled from 'styled-components'

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
  padding: ${(p) => p.theme.space(2)} ${(p) => p.theme.space(3)};
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radii.md};
  background: ${(p) => p.theme.colors.surface};
  color: ${(p) => p.theme.colors.text};
  font: inherit;
`

export const Select = styled.select`
  min-height: 44px;
  padding: ${(p) => p.theme.space(2)} ${(p) => p.theme.space(3)};
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radii.md};
  background: ${(p) => p.theme.colors.surface};
  color: ${(p) => p.theme.colors.text};
  font: inherit;
`

export const Narrow = styled.div`
  max-width: 420px;
`
