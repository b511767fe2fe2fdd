import { useState, type FormEvent } from 'react'
import { useLoad } from '../../../api/useLoad'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import styled from 'styled-components'
import { ConsoleError, type ConsoleApi, type TenantFile } from '../../api'
import { errorText } from '../../errors'
import { Alert, Button, Card, Field, Heading, Input, Muted, colors } from '../../ui'
import { LookFields, lookInJson, withLookInJson } from './LookFields'

// The form's fields: the tenant file's plain fields, lists as comma-separated
// text, and everything else (settings, billing, gifts) as one JSON document.
interface Form {
  slug: string
  name: string
  hosts: string
  theme: string
  niche: string
  locales: string
  default_locale: string
  countries: string
  time_zone: string
  profile_pool: string
  company_slug: string
  company_name: string
  rest: string
}

const Text = styled.textarea`
  font: 0.875rem/1.4 ui-monospace, SFMono-Regular, Menlo, monospace;
  padding: 10px 12px;
  border: 1px solid ${colors.line};
  border-radius: 6px;
  width: 100%;
  min-height: 320px;
  &[aria-invalid='true'] { border-color: ${colors.danger}; }
`

const Error = styled.small`
  color: ${colors.danger} !important;
  font-weight: 600;
`

const Row = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  margin: 0 0 16px;
`

const list = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)

const plainKeys = ['slug', 'name', 'position', 'hosts', 'theme', 'niche', 'locales', 'default_locale', 'countries', 'time_zone', 'profile_pool', 'company']

function toForm(f: TenantFile, copy: boolean): Form {
  const rest: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(f)) if (!plainKeys.includes(k)) rest[k] = v
  return {
    slug: copy ? '' : f.slug,
    name: copy ? '' : f.name,
    hosts: copy ? '' : f.hosts.join(', '),
    theme: f.theme,
    niche: String(f.niche),
    locales: f.locales.join(', '),
    default_locale: f.default_locale,
    countries: f.countries.join(', '),
    time_zone: f.time_zone,
    profile_pool: f.profile_pool,
    company_slug: f.company.slug,
    company_name: f.company.name,
    rest: JSON.stringify(rest, null, 2),
  }
}

function toFile(form: Form, base: TenantFile): TenantFile {
  const rest = JSON.parse(form.rest) as Record<string, unknown>
  return {
    ...rest,
    slug: form.slug.trim(),
    name: form.name.trim(),
    position: base.position,
    hosts: list(form.hosts),
    theme: form.theme.trim(),
    niche: Number(form.niche),
    locales: list(form.locales),
    default_locale: form.default_locale.trim(),
    countries: list(form.countries),
    time_zone: form.time_zone.trim(),
    profile_pool: form.profile_pool.trim(),
    company: { ...base.company, slug: form.company_slug.trim(), name: form.company_name.trim() },
  } as TenantFile
}

/** inputOf is the form input a field of the tenant file ("hosts[1]", "settings.min_age") is edited in. */
function inputOf(field: string): keyof Form {
  const top = field.split(/[.[]/)[0]
  if (field === 'company.slug') return 'company_slug'
  if (field.startsWith('company')) return 'company_name'
  if (top in emptyForm && top !== 'rest') return top as keyof Form
  return 'rest'
}

const emptyForm: Form = {
  slug: '', name: '', hosts: '', theme: '', niche: '', locales: '', default_locale: '', countries: '', time_zone: '',
  profile_pool: '', company_slug: '', company_name: '', rest: '{}',
}

/**
 * TenantEdit creates a brand (a copy of an existing one's settings to start
 * from) or edits one; refused fields are marked with the engine's reason.
 */
export function TenantEdit({ api }: { api: ConsoleApi }) {
  const { t } = useTranslation()
  const { slug } = useParams()
  const creating = !slug
  const navigate = useNavigate()
  // A new brand starts from the first brand's file.
  const key = `tenant-file|${slug ?? ''}`
  const file = useLoad(key, async () => {
    const from = slug ?? (await api.tenants())[0]?.slug
    if (!from) throw new ConsoleError(404, 'not_found', 'no tenant')
    return api.tenantFile(from)
  })
  const loaded = file.state.status === 'done' ? file.state.data : null
  const base = loaded?.file ?? null
  // The form as typed, for the file it was typed over.
  const [edited, setEdited] = useState<{ key: string; form: Form } | null>(null)
  const form = edited?.key === key ? edited.form : loaded ? toForm(loaded.file, creating) : emptyForm
  const setForm = (change: (f: Form) => Form) => setEdited({ key, form: change(form) })
  const [savedPreview, setPreview] = useState('')
  const preview = savedPreview || (loaded && !creating ? loaded.preview_url : '')
  const [error, setError] = useState('')
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof Form, string>>>({})
  const [saved, setSaved] = useState(false)
  const [busy, setBusy] = useState(false)

  const shownError = error || (file.state.status === 'failed' ? errorText(t, file.state.error) : '')

  const set = (k: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }))

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!base) return
    setError('')
    setFieldErrors({})
    setSaved(false)
    let file: TenantFile
    try {
      file = toFile(form, base)
    } catch {
      setFieldErrors({ rest: t('console.brand.jsonInvalid') })
      return
    }
    setBusy(true)
    try {
      const a = creating ? await api.createTenant(file) : await api.updateTenant(file.slug, file)
      setSaved(true)
      setPreview(a.preview_url)
      if (creating) void navigate(`/tenants/${a.file.slug}`, { replace: true, state: { created: true } })
    } catch (err) {
      if (err instanceof ConsoleError && typeof err.fields.field === 'string') {
        const problems = Array.isArray(err.fields.problems) ? (err.fields.problems as { field: string; message: string }[]) : []
        const marks: Partial<Record<keyof Form, string>> = {}
        for (const p of problems.length ? problems : [{ field: err.fields.field, message: err.message }]) {
          const k = inputOf(p.field)
          marks[k] = marks[k] ? `${marks[k]}; ${p.field}: ${p.message}` : `${p.field}: ${p.message}`
        }
        setFieldErrors(marks)
        setError(t('console.brand.invalid', { field: err.fields.field }))
      } else if (err instanceof ConsoleError && err.code === 'tenant_exists') {
        setFieldErrors({ slug: t('console.brand.slugTaken') })
      } else {
        setError(errorText(t, err))
      }
    } finally {
      setBusy(false)
    }
  }

  const input = (k: keyof Form, label: string, hint?: string, disabled = false) => (
    <Field>
      <label htmlFor={`brand-${k}`}>{label}</label>
      <Input
        id={`brand-${k}`}
        value={form[k]}
        onChange={set(k)}
        disabled={disabled}
        aria-invalid={fieldErrors[k] ? true : undefined}
        aria-describedby={fieldErrors[k] ? `brand-${k}-error` : undefined}
      />
      {hint && <small>{hint}</small>}
      {fieldErrors[k] && <Error id={`brand-${k}-error`}>{fieldErrors[k]}</Error>}
    </Field>
  )

  return (
    <>
      <Heading>{creating ? t('console.brand.newHeading') : t('console.brand.editHeading', { name: base?.name ?? slug })}</Heading>
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
      {shownError && <Alert role="alert">{shownError}</Alert>}
      {saved && <Muted role="status">{t('console.brand.saved')}</Muted>}
      {!base && !shownError && <Muted role="status">{t('console.loading')}</Muted>}
      {base && (
        <Card as="form" onSubmit={(e) => void submit(e)} noValidate aria-label={t('console.brand.form')}>
          {input('slug', t('console.brand.slug'), t('console.brand.slugHint'), !creating)}
          {input('name', t('console.brand.name'))}
          {input('hosts', t('console.brand.hosts'), t('console.brand.hostsHint'))}
          {input('theme', t('console.brand.theme'))}
          {input('niche', t('console.brand.niche'), t('console.brand.nicheHint'))}
          {input('locales', t('console.brand.locales'), t('console.brand.listHint'))}
          {input('default_locale', t('console.brand.defaultLocale'))}
          {input('countries', t('console.brand.countries'), t('console.brand.listHint'))}
          {input('time_zone', t('console.brand.timeZone'))}
          {input('profile_pool', t('console.brand.pool'))}
          {input('company_slug', t('console.brand.companySlug'))}
          {input('company_name', t('console.brand.companyName'))}
          {!creating && slug && <LookFields api={api} slug={slug} theme={form.theme} look={lookInJson(form.rest)} onChange={(look) => setForm((f) => ({ ...f, rest: withLookInJson(f.rest, look) }))} />}
          <Field>
            <label htmlFor="brand-rest">{t('console.brand.rest')}</label>
            <Text
              id="brand-rest"
              value={form.rest}
              onChange={set('rest')}
              spellCheck={false}
              aria-invalid={fieldErrors.rest ? true : undefined}
              aria-describedby={fieldErrors.rest ? 'brand-rest-error brand-rest-hint' : 'brand-rest-hint'}
            />
            <small id="brand-rest-hint">{t('console.brand.restHint')}</small>
            {fieldErrors.rest && <Error id="brand-rest-error">{fieldErrors.rest}</Error>}
          </Field>
          <Button type="submit" disabled={busy}>
            {creating ? t('console.brand.create') : t('console.brand.save')}
          </Button>
        </Card>
      )}
    </>
  )
}
