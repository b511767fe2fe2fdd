import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { useChangeLanguage } from '../../../app/hooks'
import { Page, Panel } from '../../../components/Page'
import { useAppState } from '../../../state/context'
import { space } from '../../../theme/theme'

const Options = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  label {
    display: flex;
    align-items: center;
    gap: ${space(2)};
    padding: ${space(2)} 0;
    cursor: pointer;
  }
`

/** LangConfigPage: /lang-config, the site's languages to choose from. */
export function LangConfigPage() {
  const { t } = useTranslation()
  const id = useId()
  const locales = useAppState((s) => s.locales)
  const locale = useAppState((s) => s.locale)
  const change = useChangeLanguage()
  return (
    <Page title={t('langConfig.title')} lead={t('langConfig.lead')}>
      <Panel>
        <Options>
          <legend className="visually-hidden">{t('langConfig.title')}</legend>
          {locales.map((l) => (
            <label key={l} htmlFor={`${id}-${l}`} lang={l}>
              <input
                id={`${id}-${l}`}
                type="radio"
                name="language"
                value={l}
                checked={l === locale}
                onChange={() => void change(l)}
              />
              {t(`languages.${l}`)}
            </label>
          ))}
        </Options>
      </Panel>
    </Page>
  )
}
