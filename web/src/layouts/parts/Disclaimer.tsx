import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { useFictionalTexts } from '../../components/fictional'
import { Container } from '../../components/Grid'
import { color, space } from '../../theme/theme'

const Note = styled.aside`
  padding: ${space(4)} 0;
  background: ${color.background};
  color: ${color.textMuted};
  font-size: 0.8125rem;
  p {
    margin: 0;
  }
`

/** Disclaimer: the site's fictional-profile warning and the adults-only note. */
export function Disclaimer() {
  const { t } = useTranslation()
  const { warning } = useFictionalTexts()
  return (
    <Note aria-label={t('disclaimer.label')} data-testid="disclaimer">
      <Container>
        <p>
          {warning && <>{warning} </>}
          {t('disclaimer.adults')}
        </p>
      </Container>
    </Note>
  )
}
