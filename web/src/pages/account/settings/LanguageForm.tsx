import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useChangeLanguage } from '../../../app/hooks'
import { Field, Label, Select } from '../../../components/Form'
import { useAppState } from '../../../state/context'

/** LanguageForm chooses the member's language (PUT /api/user.php and the locale cookie). */
export function LanguageForm() {
  const { t } = useTranslation()
  const id = useId()
  const locales = useAppState((s) => s.locales)
  const locale = useAppState((s) => s.locale)
  const change = useChangeLanguage()
  return (
    <Field>
      <Label htmlFor={`${id}-language`}>{t('langConfig.title')}</Label>
      <Select id={`${id}-language`} value={locale} onChange={(e) => void change(e.target.value)} data-testid="language-select">
        {locales.map((l) => (
          <option key={l} value={l} lang={l}>
            {t(`languages.${l}`)}
          </option>
        ))}
      </Select>
    </Field>
  )
}
