import { useState, type FormEvent } from 'react'
import { useLoad } from '../../../api/useLoad'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import styled from 'styled-components'
import { ConsoleError, type ConsoleApi, type TenantFile, type TenantProblem } from '../../api'
import { errorText } from '../../errors'
import { Alert, Button, Card, Field, Heading, Muted, colors } from '../../ui'
import { BillingFields } from './BillingFields'
import { atInputs, check, fieldId, formKeys, getIn, setIn, withoutDroppedLanguages, type Billing, type Gift, type MessageCost, type Path, type Postbacks,
  type Problems, type Trust } from './draft'
import { FictionalFields, fictionalKeys } from './FictionalFields'
import { CheckList, ListField, NumberField, Problem, Section, Select, SelectField, TextField, described } from './fields'
import { GiftFields } from './GiftFields'
import { LookFields } from './LookFields'
import { LookLayoutFields } from './LookLayoutFields'
import { MessagePriceFields } from './MessagePriceFields'
import { PostbackFields } from './PostbackFields'
import { SettingsFields, settingKeys as plainSettingKeys } from './SettingsFields'
import { TrustFields } from './TrustFields'

/** settingKeys are the settings the forms edit; the others are edited as JSON. */
const settingKeys = [...plainSettingKeys, ...fictionalKeys, 'minimum_message_costs']

const Text = styled.textarea`
  font: 0.875rem/1.4 ui-monospace, SFMono-Regular, Menlo, monospace;
  padding: 10px 12px;
  border: 1px solid ${colors.line};
  border-radius: 6px;
  width: 100%;
  min-height: 160px;
  &[aria-invalid='true'] { border-color: ${colors.danger}; }
`

/** Advanced holds the JSON of what no form covers, folded away until asked for. */
const Advanced = styled.details`
  margin: 0 0 20px;
  summary { font-weight: 700; cursor: pointer; padding: 6px 0; }
`

const Row = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  margin: 0 0 16px;
`

/** Draft is the form: the file as edited, and what no form covers as JSON text. */
interface Draft {
  file: TenantFile
  other: string
}

/** toDraft is the form of a file; a copy (a new brand) starts without the brand's own names. */
function toDraft(f: TenantFile, copy: boolean): Draft {
  const other: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(f)) if (!formKeys.includes(k)) other[k] = v
  const moreSettings: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(f.settings)) if (!settingKeys.includes(k)) moreSettings[k] = v
  if (Object.keys(moreSettings).length) other.settings = moreSettings
  const file = copy ? { ...f, slug: '', name: '', hosts: [] } : f
  return { file, other: JSON.stringify(other, null, 2) }
}

/** toFile is the file to send: the form's fields with the JSON sections put back. */
function toFile(d: Draft): TenantFile {
  const other = JSON.parse(d.other) as Record<string, unknown>
  if (typeof other !== 'object' || other === null || Array.isArray(other)) throw new Error('not an object')
  const { settings: moreSettings, ...top } = other
  const kept: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(d.file)) if (formKeys.includes(k)) kept[k] = v
  const settings: Record<string, unknown> = {}
  for (const k of settingKeys) if (k in d.file.settings) settings[k] = d.file.settings[k]
  const file = { ...top, ...kept, settings: { ...settings, ...(moreSettings as Record<string, unknown> | undefined) } } as TenantFile
  return withoutDroppedLanguages(file)
}

/** formKeysIn are the keys of the JSON text that a form above edits: they belong there, not in the JSON. */
function formKeysIn(d: Draft): string[] {
  const { settings, ...top } = JSON.parse(d.other) as Record<string, unknown>
  return [
    ...Object.keys(top).filter((k) => formKeys.includes(k)),
    ...Object.keys((settings ?? {}) as Record<string, unknown>).filter((k) => settingKeys.includes(k)).map((k) => `settings.${k}`),
  ]
}

/**
 * TenantEdit creates a brand (a copy of an existing one's settings to start
 * from) or edits one, as forms; each refused field shows the reason next to
 * it, and the file is checked here too before it is sent.
 */
export function TenantEdit({ api }: { api: ConsoleApi }) {
  const { t, i18n } = useTranslation()
  const { slug } = useParams()
  const creating = !slug
  const navigate = useNavigate()
  // A new brand starts from the first brand's file.
  const key = `tenant-file|${slug ?? ''}`
  const loadedFile = useLoad(key, async () => {
    const from = slug ?? (await api.tenants())[0]?.slug
    if (!from) throw new ConsoleError(404, 'not_found', 'no tenant')
    return api.tenantFile(from)
  })
  const loaded = loadedFile.state.status === 'done' ? loadedFile.state.data : null
  const [edited, setEdited] = useState<{ key: string; draft: Draft } | null>(null)
  const draft = edited?.key === key ? edited.draft : loaded ? toDraft(loaded.file, creating) : null
  const [savedPreview, setPreview] = useState('')
  const preview = savedPreview || (loaded && !creating ? loaded.preview_url : '')
  const [error, setError] = useState('')
  const [problems, setProblems] = useState<Problems>({})
  const [saved, setSaved] = useState(false)
  const [busy, setBusy] = useState(false)

  const shownError = error || (loadedFile.state.status === 'failed' ? errorText(t, loadedFile.state.error) : '')
  const choices = loaded?.choices
  const themes = choices?.themes ?? {}

  const change = (d: Draft) => {
    setEdited({ key, draft: d })
    setSaved(false)
  }
  const set = (path: Path, value: unknown) => draft && change({ ...draft, file: setIn(draft.file, path, value) })

  /** refuse shows problems next to their fields and focuses the first. */
  const refuse = (marks: Problems) => {
    setProblems(marks)
    setError(t('console.brand.invalid', { field: Object.keys(marks)[0] }))
    const first = Object.keys(marks)[0]
    requestAnimationFrame(() => document.getElementById(fieldId(first))?.focus())
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!draft) return
    setError('')
    setProblems({})
    setSaved(false)
    let file: TenantFile
    try {
      file = toFile(draft)
    } catch {
      refuse({ other: t('console.brand.jsonInvalid') })
      return
    }
    const covered = formKeysIn(draft)
    if (covered.length) {
      refuse({ other: t('console.brand.advanced.hasForm', { keys: covered.join(', ') }) })
      return
    }
    const mine = check(file, themes, t)
    if (Object.keys(mine).length) {
      refuse(mine)
      return
    }
    setBusy(true)
    try {
      const a = creating ? await api.createTenant(file) : await api.updateTenant(file.slug, file)
      setSaved(true)
      setPreview(a.preview_url)
      setEdited({ key, draft: toDraft(a.file, false) })
      if (creating) void navigate(`/tenants/${a.file.slug}`, { replace: true, state: { created: true } })
    } catch (err) {
      if (err instanceof ConsoleError && typeof err.fields.field === 'string') {
        const list = Array.isArray(err.fields.problems) ? (err.fields.problems as TenantProblem[]) : []
        refuse(atInputs(list.length ? list : [{ field: err.fields.field, message: err.message }]))
      } else if (err instanceof ConsoleError && err.code === 'tenant_exists') {
        refuse({ slug: t('console.brand.slugTaken') })
      } else {
        setError(errorText(t, err))
      }
    } finally {
      setBusy(false)
    }
  }

  const languageName = (code: string) => {
    try {
      return `${new Intl.DisplayNames([i18n.language], { type: 'language' }).of(code) ?? code} (${code})`
    } catch {
      return code
    }
  }
  const f = draft?.file
  const countries = described('countries', problems, true)

  return (
    <>
      <Heading>{creating ? t('console.brand.newHeading') : t('console.brand.editHeading', { name: loaded?.file.name ?? slug })}</Heading>
      <Row>
        <Link to="/tenants">{t('console.brand.back')}</Link>
        {!creating && slug && (
          <a href={`/admin/api/tenants/${slug}/export`} download={`${slug}.yaml`}>
            {t('console.brand.export')}
          </a>
        )}
        {preview && (
          <a href={preview} target="_blank" rel="noreferrer">
            {t('console.brand.preview')}
          </a>
        )}
      </Row>
      {shownError && (
        <Alert as="div" role="alert">
          {shownError}
          {Object.keys(problems).length > 0 && (
            <ul>
              {Object.entries(problems).map(([field, message]) => (
                <li key={field}>
                  <a href={`#${fieldId(field)}`}>{field}</a>: {message}
                </li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      {saved && <Muted role="status">{t('console.brand.saved')}</Muted>}
      {!f && !shownError && <Muted role="status">{t('console.loading')}</Muted>}
      {f && draft && choices && (
        <Card as="form" onSubmit={(e) => void submit(e)} noValidate aria-label={t('console.brand.form')}>
          <Section>
            <legend>{t('console.brand.identity')}</legend>
            <TextField name="slug" label={t('console.brand.slug')} hint={t('console.brand.slugHint')} problems={problems} value={f.slug}
              disabled={!creating} onChange={(v) => set(['slug'], v.trim())} />
            <TextField name="name" label={t('console.brand.name')} problems={problems} value={f.name} onChange={(v) => set(['name'], v)} />
            <ListField name="hosts" label={t('console.brand.hosts')} hint={t('console.brand.hostsHint')} problems={problems} value={f.hosts}
              onChange={(v) => set(['hosts'], v)} />
            <SelectField name="theme" label={t('console.brand.theme')} problems={problems} value={f.theme}
              options={Object.keys(themes).sort().map((n) => ({ value: n, name: n }))} onChange={(v) => set(['theme'], v)} />
            <NumberField name="niche" label={t('console.brand.niche')} hint={t('console.brand.nicheHint')} problems={problems} value={f.niche}
              onChange={(v) => set(['niche'], v)} />
            <TextField name="time_zone" label={t('console.brand.timeZone')} hint={t('console.brand.timeZoneHint')} problems={problems} value={f.time_zone}
              onChange={(v) => set(['time_zone'], v.trim())} />
            <TextField name="profile_pool" label={t('console.brand.pool')} problems={problems} value={f.profile_pool} onChange={(v) => set(['profile_pool'], v.trim())} />
            <TextField name="company.slug" label={t('console.brand.companySlug')} problems={problems} value={f.company.slug}
              onChange={(v) => set(['company', 'slug'], v.trim())} />
            <TextField name="company.name" label={t('console.brand.companyName')} problems={problems} value={f.company.name}
              onChange={(v) => set(['company', 'name'], v)} />
          </Section>
          <CheckList name="locales" legend={t('console.brand.locales')} problems={problems}
            options={choices.locales.map((l) => ({ value: l, name: languageName(l) }))} value={f.locales} onChange={(v) => set(['locales'], v)}>
            <SelectField name="default_locale" label={t('console.brand.defaultLocale')} problems={problems} value={f.default_locale}
              options={f.locales.map((l) => ({ value: l, name: languageName(l) }))} onChange={(v) => set(['default_locale'], v)} />
          </CheckList>
          <Field>
            <label htmlFor={countries.id}>{t('console.brand.countries')}</label>
            <Select {...countries} multiple size={8} value={f.countries}
              onChange={(e) => set(['countries'], [...e.target.selectedOptions].map((o) => o.value))}>
              {choices.countries.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.name} ({c.value})
                </option>
              ))}
            </Select>
            <small id={`${countries.id}-hint`}>{t('console.brand.countriesHint', { list: f.countries.join(', ') })}</small>
            <Problem name="countries" problems={problems} />
          </Field>
          <LookFields file={f} themes={themes} problems={problems}
            onChange={(c) => set(['look'], Object.keys(c).length ? { ...(f.look ?? {}), colors: c } : { ...(f.look ?? {}), colors: undefined })}
            slot={slug && <LookLayoutFields api={api} slug={slug} theme={f.theme} look={f.look ?? {}} onChange={(look) => set(['look'], look)} />} />
          <SettingsFields settings={f.settings} problems={problems} onChange={(k, v) => set(['settings', k], v)} />
          {getIn(f, ['billing']) !== undefined && (
            <BillingFields billing={getIn(f, ['billing']) as Billing} problems={problems} countries={choices.countries}
              methods={choices.payment_methods} onChange={(b) => set(['billing'], b)} />
          )}
          <GiftFields gifts={(getIn(f, ['gifts']) as Gift[] | undefined) ?? []} problems={problems}
            onChange={(g) => set(['gifts'], g.length ? g : undefined)} />
          <MessagePriceFields freeMessages={getIn(f, ['free_messages'])} problems={problems} bounds={choices.bounds ?? {}}
            costs={(getIn(f, ['settings', 'minimum_message_costs']) as Record<string, MessageCost> | undefined) ?? {}}
            countries={choices.countries} brandCountries={f.countries}
            currencyOf={(c) => (getIn(f, ['billing', 'countries', c, 'currency']) as string | undefined) ?? ''}
            onFree={(n) => set(['free_messages'], n)} onCosts={(c) => set(['settings', 'minimum_message_costs'], c)} />
          <FictionalFields settings={f.settings} locales={f.locales} defaultLocale={f.default_locale} languageName={languageName} problems={problems}
            onChange={(k, v) => set(['settings', k], v)} />
          <PostbackFields postbacks={(getIn(f, ['postbacks']) as Postbacks | undefined) ?? {}} events={choices.postback_events ?? []} problems={problems}
            onChange={(p) => set(['postbacks'], p)} />
          <TrustFields trust={(getIn(f, ['trust']) as Trust | undefined) ?? {}} signals={choices.trust_signals ?? []} bounds={choices.bounds ?? {}} problems={problems}
            onChange={(tr) => set(['trust'], tr)} />
          <Advanced open={problems.other ? true : undefined}>
            <summary>{t('console.brand.advanced.summary')}</summary>
            <Field>
              <label htmlFor={fieldId('other')}>{t('console.brand.advanced.label')}</label>
              <Text
                id={fieldId('other')}
                value={draft.other}
                onChange={(e) => change({ ...draft, other: e.target.value })}
                spellCheck={false}
                aria-invalid={problems.other ? true : undefined}
                aria-describedby={problems.other ? `${fieldId('other')}-error ${fieldId('other')}-hint` : `${fieldId('other')}-hint`}
              />
              <small id={`${fieldId('other')}-hint`}>{t('console.brand.advanced.hint')}</small>
              <Problem name="other" problems={problems} />
            </Field>
          </Advanced>
          <Button type="submit" disabled={busy}>
            {creating ? t('console.brand.create') : t('console.brand.save')}
          </Button>
        </Card>
      )}
    </>
  )
}
