import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { useAppState } from '../../state/context'
import { color, space } from '../../theme/theme'

const Box = styled.section`
  margin-top: ${space(4)};
  padding-top: ${space(4)};
  border-top: 1px dashed ${color.border};
  h2 {
    font-size: 0.875rem;
  }
`

/** UsFooter is the US-specific footer; it shows only in English. */
export function UsFooter() {
  const { t } = useTranslation()
  const company = useAppState((s) => s.company)
  return (
    <Box data-testid="us-footer" aria-labelledby="us-footer-title">
      <h2 id="us-footer-title">{t('usFooter.title')}</h2>
      <p>{t('usFooter.records', { name: company.name, address: company.address, city: company.city })}</p>
      <p>{t('usFooter.age')}</p>
    </Box>
  )
}
