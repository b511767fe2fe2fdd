// How the brand marks its fictional (house) profiles, in each of its
// languages: the explanation, the tag on one profile and the name of
// several. The default language's are the single settings
// (fictional_warning...) unless fictional_texts gives it its own; every
// other language's are under fictional_texts.
import { useTranslation } from 'react-i18next'
import { Muted } from '../../ui'
import { Group, Section, TextField } from './fields'
import type { FictionalText, Problems } from './draft'

const parts = ['warning', 'singular', 'plural'] as const
type Part = (typeof parts)[number]

/** fictionalKeys are the settings edited here. */
export const fictionalKeys = ['fictional_warning', 'fictional_singular', 'fictional_plural', 'fictional_icon', 'fictional_texts']

/** FictionalFields edits the fictional-profile markers per language of the brand. */
export function FictionalFields({ settings, locales, defaultLocale, languageName, problems, onChange }: {
  settings: Record<string, unknown>
  locales: string[]
  defaultLocale: string
  languageName: (code: string) => string
  problems: Problems
  onChange: (key: string, value: unknown) => void
}) {
  const { t } = useTranslation()
  const texts = (settings.fictional_texts ?? {}) as Record<string, FictionalText>
  const text = (v: unknown) => (typeof v === 'string' ? v : '')
  const setText = (lang: string, part: Part, value: string) => {
    const next = { ...(texts[lang] ?? { warning: '', singular: '', plural: '' }), [part]: value }
    const all = { ...texts, [lang]: next }
    // A language without any marker is left out: the brand may mark none.
    if (parts.every((p) => !next[p])) delete all[lang]
    onChange('fictional_texts', Object.keys(all).length ? all : undefined)
  }
  const ordered = [defaultLocale, ...locales.filter((l) => l !== defaultLocale)].filter((l) => locales.includes(l))
  return (
    <Section>
      <legend>{t('console.brand.fictional.legend')}</legend>
      <Muted>{t('console.brand.fictional.hint')}</Muted>
      <TextField name="settings.fictional_icon" label={t('console.brand.setting.fictional_icon')} hint={t('console.brand.fictional.iconHint')}
        problems={problems} value={text(settings.fictional_icon)} onChange={(v) => onChange('fictional_icon', v)} />
      {ordered.map((lang) => {
        const single = lang === defaultLocale && !(lang in texts)
        const language = languageName(lang)
        return (
          <Group key={lang} name={`settings.fictional_texts.${lang}`} problems={problems}
            legend={lang === defaultLocale ? t('console.brand.fictional.defaultLanguage', { language }) : language}>
            {parts.map((part) => (
              <TextField key={part} name={single ? `settings.fictional_${part}` : `settings.fictional_texts.${lang}.${part}`}
                label={t(`console.brand.fictional.${part}`, { language })} problems={problems}
                value={single ? text(settings[`fictional_${part}`]) : (texts[lang]?.[part] ?? '')}
                onChange={(v) => (single ? onChange(`fictional_${part}`, v) : setText(lang, part, v))} />
            ))}
          </Group>
        )
      })}
    </Section>
  )
}
