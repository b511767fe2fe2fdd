import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { below, color, space } from '../../theme/theme'
import { useAppState } from '../../state/context'

/** Countries whose visitors see the adult-content entry warning. */
export const ENTRY_WARNING_COUNTRIES = ['NL', 'DE'] as const
export type EntryWarningCountry = (typeof ENTRY_WARNING_COUNTRIES)[number]

/** entryWarningFor returns which country's entry warning a visitor sees, or null. */
export function entryWarningFor(country: string | null | undefined): EntryWarningCountry | null {
  const c = (country ?? '').toUpperCase()
  return (ENTRY_WARNING_COUNTRIES as readonly string[]).includes(c) ? (c as EntryWarningCountry) : null
}

const Banner = styled.aside`
  padding: ${space(2)} ${space(4)};
  background: ${color.text};
  color: ${color.background};
  font-size: 0.875rem;
  text-align: center;
  strong {
    margin-right: ${space(2)};
  }
  ${below('md')} {
    padding: ${space(1)} ${space(3)};
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
