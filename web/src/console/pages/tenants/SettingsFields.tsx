// The settings section's fields as typed inputs: texts, whole numbers,
// yes/no switches, choices and comma-separated lists.
import { useTranslation } from 'react-i18next'
import { CheckField, ListField, NumberField, Section, SelectField, TextField } from './fields'
import type { Problems } from './draft'

type Kind = 'text' | 'number' | 'bool' | 'list' | { options: string[] }

/** settingFields are the settings the form shows, in the order it shows them. */
const settingFields: [string, Kind][] = [
  ['index_title', 'text'],
  ['description', 'text'],
  ['mail_name', 'text'],
  ['support_email', 'text'],
  ['support_phone', 'text'],
  ['domain_language', 'text'],
  ['cdn_prefix', 'text'],
  ['signups', { options: ['all', 'with_trafficsource', 'none'] }],
  ['enable_site_entry_popup', { options: ['yes', 'no'] }],
  ['min_age', 'number'],
  ['signup_credits', 'number'],
  ['message_credits', 'number'],
  ['photo_credits', 'number'],
  ['gift_credits', 'number'],
  ['message_length', 'number'],
  ['chat_history', 'number'],
  ['refund_days', 'number'],
  ['welcome_discount_hours', 'number'],
  ['visible_profile_fields', 'list'],
  ['search_fields', 'list'],
  ['visible_profile_notes', 'bool'],
  ['logged_out_search', 'bool'],
  ['logged_out_search_trafficsource', 'bool'],
  ['member_resell', 'bool'],
  ['photo_moderation', 'bool'],
  ['index_landers', 'bool'],
]

/** settingKeys are the settings edited here; the others stay as they are. */
export const settingKeys = settingFields.map(([k]) => k)

/** SettingsFields edits the settings' plain fields. */
export function SettingsFields({ settings, problems, onChange }: {
  settings: Record<string, unknown>
  problems: Problems
  onChange: (key: string, value: unknown) => void
}) {
  const { t } = useTranslation()
  return (
    <Section>
      <legend>{t('console.brand.settings')}</legend>
      {settingFields.map(([key, kind]) => {
        const name = `settings.${key}`
        const label = t(`console.brand.setting.${key}`)
        const v = settings[key]
        if (kind === 'bool') return <CheckField key={key} name={name} label={label} problems={problems} checked={v === true} onChange={(c) => onChange(key, c)} />
        if (kind === 'number')
          return <NumberField key={key} name={name} label={label} problems={problems} value={typeof v === 'number' ? v : undefined} onChange={(n) => onChange(key, n)} />
        if (kind === 'list')
          return (
            <ListField key={key} name={name} label={label} hint={t('console.brand.listHint')} problems={problems}
              value={Array.isArray(v) ? (v as string[]) : []} onChange={(l) => onChange(key, l)} />
          )
        if (kind === 'text') return <TextField key={key} name={name} label={label} problems={problems} value={typeof v === 'string' ? v : ''} onChange={(s) => onChange(key, s)} />
        return (
          <SelectField key={key} name={name} label={label} problems={problems} value={typeof v === 'string' ? v : kind.options[0]}
            options={kind.options.map((o) => ({ value: o, name: o }))} onChange={(s) => onChange(key, s)} />
        )
      })}
    </Section>
  )
}
