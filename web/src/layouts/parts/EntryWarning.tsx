import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { entryWarningFor } from '../../rules/entry'
import { below } from '../../theme/theme'
import { useAppState } from '../../state/context'

const Banner = styled.aside`
  padding: ${(p) => p.theme.space(2)} ${(p) => p.theme.space(4)};
  background: ${(p) => p.theme.colors.text};
  color: ${(p) => p.theme.colors.background};
  font-size: 0.875rem;
  text-align: center;
  strong {
    margin-right: ${(p) => p.theme.space(2)};
  }
  ${below('md')} {
    padding: ${(p) => p.theme.space(1)} ${(p) => p.theme.space(3)};
    font-size: 0.75rem;
    line-height: 1.35;
  }
`

/** EntryWarning is the adult-content warning for visitors from NL and DE. */
export function EntryWarning() {
  const { t } = useTranslation()
  const country = useAppState((s) => s.country)
  const which = entryWarningFor(country)
  if (!which) return null
  return (
    <Banner data-testid="entry-warning" data-country={which} aria-label={t('entryWarning.label')}>
      <strong>{t('entryWarning.badge')}</strong>
      <span>{t(`entryWarning.${which}`)}</span>
    </Banner>
  )
}
