import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import type { Interest } from '../../api/calls'
import { Button } from '../../components/Button'
import { Field, FieldError, Hint, Input, Label, Select, TextArea } from '../../components/Form'
import { codeText } from '../../api/serverErrors'
import { useCountryName } from '../../i18n/countryName'
import { useAppState } from '../../state/context'
import type { OwnProfile, ProfileOptions, ProfileUpdate } from './api'
import { useInterests, useRegions } from '../../api/catalogues'
import type { Problem } from './hooks'
import { ENUM_FIELDS, changes, draftOf, fieldOptions, toggleInterest, type Draft, type EnumField, type FieldProblem } from './rules'
import { color, radius, space } from '../../theme/theme'

const ABOUT_MAX = 2000
const INTERESTS_MAX = 10

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
  column-gap: ${space(4)};
`

const Details = styled.dl`
  display: grid;
  grid-template-columns: minmax(120px, max-content) 1fr;
  gap: ${space(2)} ${space(4)};
  margin: 0 0 ${space(4)};
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    white-space: pre-line;
  }
`

const Row = styled.div`
  display: contents;
`

const Checks = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)} ${space(4)};
  padding: ${space(3)};
  margin: 0 0 ${space(4)};
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  legend {
    font-weight: 600;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: ${space(1)};
  }
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
`

/** useOptionLabel words an enumerated value; unknown values show as sent. */
function useOptionLabel() {
  const { t } = useTranslation()
  return (field: string, value: string) =>
    value === '' ? t('profile.notTold') : t(`profile.options.${field}.${value}`, { defaultValue: value.replace(/_/g, ' ') })
}

/** ProfileDetails shows the profile's fields as others may see them. */
export function ProfileDetails({ profile, onEdit }: { profile: OwnProfile; onEdit: () => void }) {
  const { t } = useTranslation()
  const locale = useAppState((s) => s.locale)
  const nameOf = useCountryName()
  const label = useOptionLabel()
  const interests = useInterests()
  const names = interests.filter((i) => profile.interests?.includes(i.id)).map((i) => t(`profile.interests.${i.slug}`, { defaultValue: i.slug }))
  const rows: Array<[string, string]> = [
    ['name', profile.name],
    ['age', profile.age ? String(profile.age) : ''],
    ['date_of_birth', profile.date_of_birth ? new Date(profile.date_of_birth).toLocaleDateString(locale, { timeZone: 'UTC' }) : ''],
    ['country', profile.country ? nameOf(profile.country) : ''],
    ['region', profile.region_name || profile.region],
    ['city', profile.city],
    ...ENUM_FIELDS.map((f): [string, string] => [f, profile[f] ? label(f, profile[f]) : '']),
    ['interests', names.join(', ')],
    ['about_me', profile.about_me],
    ['invisible', profile.invisible ? t('profile.invisibleOn') : t('profile.invisibleOff')],
  ]
  return (
    <>
      <Details data-testid="profile-details">
        {rows.map(([f, v]) => (
          <Row key={f}>
            <dt>{t(`profile.fields.${f}`)}</dt>
            <dd data-testid={`profile-value-${f}`}>{v || t('profile.notTold')}</dd>
          </Row>
        ))}
      </Details>
      <Button type="button" onClick={onEdit} data-testid="profile-edit">
        {t('profile.edit')}
      </Button>
    </>
  )
}

interface EditorProps {
  profile: OwnProfile
  options: ProfileOptions
  onSave: (u: ProfileUpdate) => Promise<{ problems: FieldProblem[]; problem: Problem | null }>
  onDone: () => void
}

/** ProfileEditor edits every field with the server's options and shows each field's error. */
export function ProfileEditor({ profile, options, onSave, onDone }: EditorProps) {
  const { t } = useTranslation()
  /** saveProblemText words a refused save: the general codes in the catalogue's words, others as the server says. */
  const saveProblemText = (p: Problem): string => {
    const general = codeText(p.code, p.fields)
    return general ? t(general[0], general[1]) : p.message || t('errors.generic')
  }
  const id = useId()
  const label = useOptionLabel()
  const settings = useAppState((s) => s.settings)
  const nameOf = useCountryName()
  const saved = draftOf(profile)
  const [draft, setDraft] = useState<Draft>(saved)
  const [problems, setProblems] = useState<FieldProblem[]>([])
  const [problem, setProblem] = useState<Problem | null>(null)
  const [saving, setSaving] = useState(false)
  const regions = useRegions(draft.country)
  const interests: Interest[] = useInterests()

  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }))
  const errorOf = (field: string) => {
    const p = problems.find((x) => x.field === field)
    if (!p) return null
    return t(`profile.errors.${p.error}`, { min_age: settings.min_age || 18, defaultValue: p.message })
  }
  const describe = (field: string) => (problems.some((x) => x.field === field) ? `${id}-${field}-error` : undefined)
  const errorFor = (field: string) => {
    const text = errorOf(field)
    return text ? (
      <FieldError id={`${id}-${field}-error`} role="alert" data-testid={`profile-error-${field}`}>
        {text}
      </FieldError>
    ) : null
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const update = changes(saved, draft)
    if (Object.keys(update).length === 0) {
      onDone()
      return
    }
    setSaving(true)
    const r = await onSave(update)
    setSaving(false)
    setProblems(r.problems)
    setProblem(r.problems.length === 0 ? r.problem : null)
    if (!r.problem) onDone()
  }

  const enumSelect = (f: EnumField) => (
    <Field key={f}>
      <Label htmlFor={`${id}-${f}`}>{t(`profile.fields.${f}`)}</Label>
      <Select id={`${id}-${f}`} value={draft[f]} aria-describedby={describe(f)} onChange={(e) => set(f, e.currentTarget.value)}>
        {fieldOptions(options, f, saved[f]).map((v) => (
          <option key={v} value={v}>
            {label(f, v)}
          </option>
        ))}
      </Select>
      {errorFor(f)}
    </Field>
  )

  const countries = settings.countries.includes(draft.country) || !draft.country ? settings.countries : [draft.country, ...settings.countries]

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="profile-form" data-edit-form aria-label={t('profile.edit')}>
      <Grid>
        <Field>
          <Label htmlFor={`${id}-name`}>{t('profile.fields.name')}</Label>
          <Input id={`${id}-name`} value={draft.name} maxLength={30} required aria-describedby={describe('name')} onChange={(e) => set('name', e.currentTarget.value)} />
          {errorFor('name')}
        </Field>
        <Field>
          <Label htmlFor={`${id}-dob`}>{t('profile.fields.date_of_birth')}</Label>
          <Input id={`${id}-dob`} type="date" value={draft.date_of_birth} aria-describedby={describe('date_of_birth')} onChange={(e) => set('date_of_birth', e.currentTarget.value)} />
          {errorFor('date_of_birth')}
        </Field>
        {ENUM_FIELDS.slice(0, 3).map(enumSelect)}
        <Field>
          <Label htmlFor={`${id}-country`}>{t('profile.fields.country')}</Label>
          <Select
            id={`${id}-country`}
            value={draft.country}
            aria-describedby={describe('country')}
            onChange={(e) => {
              // Read the value now: React runs the updater later, when the event's currentTarget is gone.
              const country = e.currentTarget.value
              setDraft((d) => ({ ...d, country, region: '' }))
            }}
          >
            {!draft.country && <option value="">{t('profile.notTold')}</option>}
            {countries.map((c) => (
              <option key={c} value={c}>
                {nameOf(c)}
              </option>
            ))}
          </Select>
          {errorFor('country')}
        </Field>
        <Field>
          {/* The country's own word for a region (Provincie, Bundesland, Województwo) in the page's language, from regions.php. */}
          <Label htmlFor={`${id}-region`}>{regions?.label_text || t('profile.fields.region')}</Label>
          <Select id={`${id}-region`} value={draft.region} aria-describedby={describe('region')} onChange={(e) => set('region', e.currentTarget.value)}>
            <option value="">{t('profile.notTold')}</option>
            {draft.region && !regions?.regions.some((r) => r.code === draft.region) && <option value={draft.region}>{profile.region_name || draft.region}</option>}
            {regions?.regions.map((r) => (
              <option key={r.code} value={r.code}>
                {r.name}
              </option>
            ))}
          </Select>
          {errorFor('region')}
        </Field>
        <Field>
          <Label htmlFor={`${id}-city`}>{t('profile.fields.city')}</Label>
          <Input id={`${id}-city`} value={draft.city} maxLength={80} aria-describedby={describe('city')} onChange={(e) => set('city', e.currentTarget.value)} />
          {errorFor('city')}
        </Field>
        {ENUM_FIELDS.slice(3).map(enumSelect)}
      </Grid>
      <Checks aria-describedby={describe('interests')}>
        <legend>{t('profile.fields.interests')}</legend>
        <Hint>{t('profile.interestsHint', { max: INTERESTS_MAX })}</Hint>
        {interests.map((i) => (
          <label key={i.id}>
            <input
              type="checkbox"
              checked={draft.interests.includes(i.id)}
              disabled={!draft.interests.includes(i.id) && draft.interests.length >= INTERESTS_MAX}
              onChange={() => set('interests', toggleInterest(draft.interests, i.id, INTERESTS_MAX))}
            />
            {t(`profile.interests.${i.slug}`, { defaultValue: i.slug })}
          </label>
        ))}
        {errorFor('interests')}
      </Checks>
      <Field>
        <Label htmlFor={`${id}-about`}>{t('profile.fields.about_me')}</Label>
        <TextArea $rows={5} id={`${id}-about`} value={draft.about_me} maxLength={ABOUT_MAX} aria-describedby={`${id}-about-count ${describe('about_me') ?? ''}`} onChange={(e) => set('about_me', e.currentTarget.value)} />
        <Hint id={`${id}-about-count`}>{t('profile.aboutCount', { n: draft.about_me.length, max: ABOUT_MAX })}</Hint>
        {errorFor('about_me')}
      </Field>
      <Field>
        <Label>
          <input type="checkbox" checked={draft.invisible} onChange={(e) => set('invisible', e.currentTarget.checked)} /> {t('profile.fields.invisible')}
        </Label>
        <Hint>{t('profile.invisibleHint')}</Hint>
      </Field>
      {problem && (
        <FieldError role="alert" data-testid="profile-save-error">
          {saveProblemText(problem)}
        </FieldError>
      )}
      <Actions>
        <Button type="submit" disabled={saving} data-testid="profile-save">
          {t('profile.save')}
        </Button>
        <Button type="button" $variant="secondary" onClick={onDone}>
          {t('profile.cancel')}
        </Button>
      </Actions>
    </form>
  )
}
