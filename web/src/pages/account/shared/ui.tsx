import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import type { Text } from './errors'
import { color, radius, space } from '../../../theme/theme'

const Box = styled.p<{ $tone: 'danger' | 'success' | 'info' }>`
  margin: 0 0 ${space(4)};
  padding: ${space(3)};
  border-radius: ${radius.md};
  background: ${(p) => (p.$tone === 'danger' ? color.danger : p.$tone === 'success' ? color.success : color.info)};
  color: ${(p) => (p.$tone === 'danger' ? color.onDanger : p.$tone === 'success' ? color.onSuccess : color.onInfo)};
`

/** Notice is a form's error (role alert) or success message (role status). */
export function Notice({ text, tone = 'danger', testId, id }: { text: Text | null; tone?: 'danger' | 'success' | 'info'; testId?: string; id?: string }) {
  const { t } = useTranslation()
  if (!text) return null
  return (
    <Box $tone={tone} role={tone === 'danger' ? 'alert' : 'status'} data-testid={testId} id={id}>
      {t(text[0], text[1])}
    </Box>
  )
}

const Small = styled.span`
  color: ${color.danger};
  font-size: 0.875rem;
`

/** Check is a checkbox with its text beside it, the whole line its label. */
export const Check = styled.label`
  display: flex;
  align-items: flex-start;
  gap: ${space(3)};
  margin: ${space(3)} 0 0;
  min-height: 44px;
  input {
    flex: none;
    width: 22px;
    height: 22px;
    margin: 2px 0 0;
  }
`

/** FieldError is the text under a field; the field names it in aria-describedby. */
export function FieldError({ id, text }: { id: string; text: Text | undefined }) {
  const { t } = useTranslation()
  if (!text) return null
  return (
    <Small id={id} data-testid="field-error">
      {t(text[0], text[1])}
    </Small>
  )
}

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(3)};
  margin-top: ${space(4)};
`


export const Fieldset = styled.fieldset`
  border: 0;
  margin: 0 0 ${space(4)};
  padding: 0;
  legend {
    font-weight: 600;
    margin-bottom: ${space(1)};
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: ${space(2)};
    margin-right: ${space(4)};
    padding: ${space(1)} 0;
    cursor: pointer;
  }
`

export const Inline = styled.div`
  display: flex;
  gap: ${space(2)};
  > * {
    flex: 1 1 0;
    min-width: 0;
  }
`

export const Muted = styled.p`
  color: ${color.textMuted};
`
