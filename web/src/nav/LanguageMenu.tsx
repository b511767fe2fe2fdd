import { useTranslation } from 'react-i18next'
import { useChangeLanguage } from '../app/hooks'
import { Dropdown } from '../components/Dropdown'
import { showLanguageDropdown } from './rules'
import { useAppState } from '../state/context'

/**
 * LanguageMenu appears only when the site offers more than one locale. Its
 * button shows the code (NL) and is named "Language: Nederlands (NL)": the
 * name contains the visible text, so speech input finds it by what it shows.
 */
export function LanguageMenu() {
  const { t } = useTranslation()
  const locales = useAppState((s) => s.locales)
  const locale = useAppState((s) => s.locale)
  const change = useChangeLanguage()
  if (!showLanguageDropdown(locales)) return null
  return (
    <Dropdown
      testId="language-menu"
      align="right"
      label={<span lang={locale}>{locale.toUpperCase()}</span>}
      accessibleLabel={t('nav.language', { language: t(`languages.${locale}`), code: locale.toUpperCase() })}
      items={locales.map((l) => ({
        key: l,
        lang: l,
        label: t(`languages.${l}`),
        current: l === locale,
        onSelect: () => void change(l),
      }))}
    />
  )
}
