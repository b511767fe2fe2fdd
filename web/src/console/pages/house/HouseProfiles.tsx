import { useId, useState, type ChangeEvent, type FormEvent } from 'react'
import { useLoad } from '../../../api/useLoad'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import styled from 'styled-components'
import { ConsoleError, type ConsoleApi, type HouseFields, type HouseList, type HouseProfile } from '../../api'
import { errorText } from '../../errors'
import { Alert, Button, Card, Field, Heading, Input, Muted, colors } from '../../ui'
import { anyTenant } from '../../permissions'
import { Select, useTenantPicker } from '../TenantPicker'

const List = styled.ul`
  list-style: none;
  margin: 0 0 16px;
  padding: 0;
  display: grid;
  gap: 8px;
  li {
    display: flex;
    gap: 12px;
    align-items: center;
    background: ${colors.card};
    border: 1px solid ${colors.line};
    border-radius: 8px;
    padding: 8px 12px;
  }
  li > div { flex: 1; min-width: 0; }
`

const Thumb = styled.img`
  width: 56px;
  height: 56px;
  object-fit: cover;
  border-radius: 6px;
  background: ${colors.page};
  flex: none;
`

const NoThumb = styled.span`
  width: 56px;
  height: 56px;
  border-radius: 6px;
  background: ${colors.page};
  flex: none;
`

const Badge = styled.span`
  display: inline-block;
  font-size: 0.8125rem;
  padding: 0 8px;
  border-radius: 999px;
  border: 1px solid ${colors.line};
  color: ${colors.muted};
  margin-left: 6px;
`

const Photos = styled.ul`
  list-style: none;
  margin: 0 0 14px;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(96px, 1fr));
  gap: 8px;
  li { display: grid; gap: 4px; }
  img { width: 100%; aspect-ratio: 1; object-fit: cover; border-radius: 6px; }
`

const Text = styled.textarea`
  font: inherit;
  padding: 10px 12px;
  border: 1px solid ${colors.line};
  border-radius: 6px;
  width: 100%;
  min-height: 120px;
  &[aria-invalid='true'] { border-color: ${colors.danger}; }
`

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-bottom: 14px;
`

/** The optional enumerated fields, in form order (values from the engine's options). */
const OPTIONAL = ['hair_color', 'eye_color', 'body_type', 'relationship_status', 'tattoos'] as const

// the form edits the fields but the interests
type FieldName = Exclude<keyof HouseFields, 'interests'>

/** fieldErrors reads the engine's field-by-field refusal: field -> code. */
function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ConsoleError) || err.status !== 422) return {}
  const out: Record<string, string> = {}
  const list = err.fields.fields
  if (Array.isArray(list)) {
    for (const f of list as { field?: unknown; error?: unknown }[]) {
      if (typeof f.field === 'string' && typeof f.error === 'string' && !out[f.field]) out[f.field] = f.error
    }
  }
  if (typeof err.fields.field === 'string' && !out[err.fields.field]) out[err.fields.field] = err.code
  return out
}

/** fieldText words a field's refusal code, with a general line for codes without their own. */
function fieldText(t: TFunction, code: string): string {
  return t(`console.house.errors.${code}`, { defaultValue: t('console.house.errors.invalid') })
}

/** valueText words an option value (hair_color: "full_figured" -> "full figured"). */
function valueText(t: TFunction, v: string): string {
  return t(`console.house.values.${v}`, { defaultValue: v.replace(/_/g, ' ') })
}

function fieldsOf(p: HouseProfile | null): HouseFields {
  if (!p) return { gender: 'female', country: '', name: '', date_of_birth: '', city: '', region: '', about_me: '' }
  return {
    name: p.name,
    gender: p.gender,
    seeking: p.seeking,
    sexuality: p.sexuality,
    date_of_birth: p.date_of_birth,
    country: p.country,
    region: p.region,
    city: p.city,
    hair_color: p.hair_color,
    eye_color: p.eye_color,
    body_type: p.body_type,
    relationship_status: p.relationship_status,
    tattoos: p.tattoos,
    about_me: p.about_me,
  }
}

interface FormProps {
  api: ConsoleApi
  tenant: string
  list: HouseList
  profile: HouseProfile | null
  onSaved: (p: HouseProfile, notice: string) => void
  onClose: () => void
  /** notice is the last change's line; it outlives the form made anew for a created profile. */
  notice: string
}

/** HouseForm makes (profile null) or edits a house profile, and manages its photos and whether it is shown. */
function HouseForm({ api, tenant, list, profile, onSaved, onClose, notice }: FormProps) {
  const { t } = useTranslation()
  const id = useId()
  const [fields, setFields] = useState<HouseFields>(() => fieldsOf(profile))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const countries = list.countries.length > 0 ? list.countries : fields.country ? [fields.country] : []

  const set = (name: FieldName) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    setFields((f) => ({ ...f, [name]: e.target.value }))

  const run = async (what: () => Promise<HouseProfile>, message: string) => {
    setError('')
    setBusy(true)
    try {
      const p = await what()
      setErrors({})
      onSaved(p, message)
    } catch (err) {
      const byField = fieldErrors(err)
      setErrors(byField)
      setError(Object.keys(byField).length > 0 ? t('console.house.fixFields') : errorText(t, err))
    } finally {
      setBusy(false)
    }
  }

  const save = (e: FormEvent) => {
    e.preventDefault()
    const body: HouseFields = { ...fields }
    if (!profile && !body.seeking) delete body.seeking
    void run(
      async () =>
        profile ? (await api.updateHouse(tenant, profile.id, body)).house_profile : (await api.createHouse(tenant, body)).house_profile,
      profile ? t('console.house.saved') : t('console.house.created'),
    )
  }

  const upload = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!profile || !file) return
    void run(async () => {
      await api.addHousePhoto(tenant, profile.id, file)
      return (await api.houseProfile(tenant, profile.id)).house_profile
    }, t('console.house.photoAdded'))
  }

  const remove = (photo: number) => {
    if (!profile) return
    void run(async () => {
      await api.deleteHousePhoto(tenant, profile.id, photo)
      return (await api.houseProfile(tenant, profile.id)).house_profile
    }, t('console.house.photoRemoved'))
  }

  const toggle = () => {
    if (!profile) return
    const to = profile.status === 'active' ? 'hidden' : 'active'
    void run(
      async () => (await api.setHouseStatus(tenant, profile.id, to)).house_profile,
      to === 'hidden' ? t('console.house.retired') : t('console.house.restored'),
    )
  }

  const input = (name: FieldName, label: string, props: Record<string, unknown> = {}) => (
    <Field>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <Input
        id={`${id}-${name}`}
        value={fields[name] ?? ''}
        onChange={set(name)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        {...props}
      />
      {errors[name] && <small id={`${id}-${name}-error`} style={{ color: colors.danger }}>{fieldText(t, errors[name])}</small>}
    </Field>
  )

  const select = (name: FieldName, label: string, values: string[], optional: boolean) => (
    <Field>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <Select
        id={`${id}-${name}`}
        value={fields[name] ?? ''}
        onChange={set(name)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
      >
        {optional && <option value="">{t('console.house.notTold')}</option>}
        {values.map((v) => (
          <option key={v} value={v}>
            {valueText(t, v)}
          </option>
        ))}
      </Select>
      {errors[name] && <small id={`${id}-${name}-error`} style={{ color: colors.danger }}>{fieldText(t, errors[name])}</small>}
    </Field>
  )

  const title = profile ? t('console.house.editHeading', { name: profile.name }) : t('console.house.newHeading')
  return (
    <Card aria-labelledby={`${id}-title`} style={{ marginBottom: 16 }}>
      <h2 id={`${id}-title`} style={{ margin: '0 0 12px', fontSize: '1.125rem' }}>
        {title}
        {profile?.status === 'hidden' && <Badge>{t('console.house.hidden')}</Badge>}
      </h2>
      {notice && <Muted role="status">{notice}</Muted>}
      {error && <Alert role="alert">{error}</Alert>}
      <form onSubmit={save} noValidate aria-label={title}>
        {input('name', t('console.house.name'), { autoComplete: 'off', required: !profile })}
        {select('gender', t('console.house.gender'), list.options.gender ?? ['male', 'female'], false)}
        {select('seeking', t('console.house.seeking'), list.options.seeking ?? [], !profile)}
        {select('sexuality', t('console.house.sexuality'), list.options.sexuality ?? [], !profile)}
        {input('date_of_birth', t('console.house.dateOfBirth'), { type: 'date', required: !profile })}
        <Field>
          <label htmlFor={`${id}-country`}>{t('console.house.country')}</label>
          <Select
            id={`${id}-country`}
            value={fields.country ?? ''}
            onChange={set('country')}
            aria-invalid={errors.country ? true : undefined}
            aria-describedby={errors.country ? `${id}-country-error` : undefined}
          >
            <option value="">{t('console.house.chooseCountry')}</option>
            {countries.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
          {errors.country && <small id={`${id}-country-error`} style={{ color: colors.danger }}>{fieldText(t, errors.country)}</small>}
        </Field>
        {input('region', t('console.house.region'))}
        {input('city', t('console.house.city'))}
        <Field>
          <label htmlFor={`${id}-about_me`}>{t('console.house.about')}</label>
          <Text
            id={`${id}-about_me`}
            value={fields.about_me ?? ''}
            onChange={set('about_me')}
            aria-invalid={errors.about_me ? true : undefined}
            aria-describedby={errors.about_me ? `${id}-about_me-error` : undefined}
          />
          {errors.about_me && <small id={`${id}-about_me-error`} style={{ color: colors.danger }}>{fieldText(t, errors.about_me)}</small>}
        </Field>
        {OPTIONAL.map((name) => (
          <div key={name}>{select(name, t(`console.house.fields.${name}`), list.options[name] ?? [], true)}</div>
        ))}
        <Row>
          <Button type="submit" disabled={busy}>
            {profile ? t('console.house.save') : t('console.house.create')}
          </Button>
          <Button type="button" $quiet onClick={onClose}>
            {t('console.house.close')}
          </Button>
        </Row>
      </form>
      {profile && (
        <>
          <h3 style={{ margin: '8px 0', fontSize: '1rem' }}>{t('console.house.photos')}</h3>
          {profile.photos.length === 0 && <Muted>{t('console.house.noPhotos')}</Muted>}
          {profile.photos.length > 0 && (
            <Photos aria-label={t('console.house.photos')}>
              {profile.photos.map((p, i) => (
                <li key={p.id}>
                  <img src={p.thumb_url} alt={t('console.house.photoAlt', { n: i + 1, name: profile.name })} />
                  <Button type="button" $quiet disabled={busy} onClick={() => remove(p.id)}>
                    {t('console.house.removePhoto', { n: i + 1 })}
                  </Button>
                </li>
              ))}
            </Photos>
          )}
          <Field>
            <label htmlFor={`${id}-photo`}>{t('console.house.addPhoto')}</label>
            <input id={`${id}-photo`} type="file" accept="image/jpeg,image/png,image/webp" disabled={busy} onChange={upload} />
          </Field>
          <h3 style={{ margin: '8px 0', fontSize: '1rem' }}>{t('console.house.visibility')}</h3>
          <Muted>{profile.status === 'active' ? t('console.house.shownNote') : t('console.house.hiddenNote')}</Muted>
          <Button type="button" $quiet disabled={busy} onClick={toggle}>
            {profile.status === 'active' ? t('console.house.retire') : t('console.house.restore')}
          </Button>
        </>
      )}
    </Card>
  )
}

/**
 * HouseProfiles is a brand's house profiles: the list (retired ones
 * marked), making one, editing one with its photos, retiring it and showing
 * it again. The brand's fictional marker, which the member site shows on
 * every house profile, is named above the list.
 */
export function HouseProfiles({ api }: { api: ConsoleApi }) {
  const { t } = useTranslation()
  const { tenant, picker } = useTenantPicker(api, 'house-brand', anyTenant('house_profiles', 'edit'))
  // The list and the form belong to the brand they were opened on; another
  // brand shows neither until its own list is in.
  const [opened, setOpened] = useState<{ tenant: string; profile: HouseProfile | 'new' } | null>(null)
  const houses = useLoad(tenant ? `house|${tenant}` : null, () => api.houseProfiles(tenant))
  const list = houses.state.status === 'done' ? houses.state.data : null
  const editing = opened?.tenant === tenant ? opened.profile : null
  const setEditing = (profile: HouseProfile | 'new' | null) => setOpened(profile ? { tenant, profile } : null)
  const [notice, setNotice] = useState('')
  const [failed, setError] = useState('')
  const error = failed || (houses.state.status === 'failed' ? errorText(t, houses.state.error) : '')
  const load = houses.reload

  const open = async (id: number) => {
    setError('')
    setNotice('')
    try {
      setEditing((await api.houseProfile(tenant, id)).house_profile)
    } catch (err) {
      setError(errorText(t, err))
    }
  }

  const saved = (p: HouseProfile, message: string) => {
    setEditing(p)
    setNotice(message)
    load()
  }

  const marker = list?.fictional.singular || list?.fictional.warning
  return (
    <>
      <Heading>{t('console.house.heading')}</Heading>
      {picker}
      {error && <Alert role="alert">{error}</Alert>}
      {!list && !error && <Muted role="status">{t('console.loading')}</Muted>}
      {list && (
        <>
          <Muted>{marker ? t('console.house.markerNote', { marker }) : t('console.house.noMarker')}</Muted>
          {editing && list && (
            <HouseForm
              key={editing === 'new' ? 'new' : editing.id}
              api={api}
              tenant={tenant}
              list={list}
              profile={editing === 'new' ? null : editing}
              onSaved={saved}
              onClose={() => setEditing(null)}
              notice={notice}
            />
          )}
          {!editing && (
            <Row>
              <Button
                type="button"
                onClick={() => {
                  setNotice('')
                  setEditing('new')
                }}
              >
                {t('console.house.new')}
              </Button>
            </Row>
          )}
          {list.house_profiles.length === 0 && <Muted>{t('console.house.empty')}</Muted>}
          {list.house_profiles.length > 0 && (
            <List aria-label={t('console.house.list')}>
              {list.house_profiles.map((p) => (
                <li key={p.id}>
                  {p.main_image ? <Thumb src={p.main_image.thumb_url} alt="" /> : <NoThumb aria-hidden="true" />}
                  <div>
                    <strong>{p.name}</strong>
                    {p.status === 'hidden' && <Badge>{t('console.house.hidden')}</Badge>}
                    <br />
                    <small style={{ color: colors.muted }}>
                      {t('console.house.summary', { age: p.age, place: [p.city, p.country].filter(Boolean).join(', ') })}
                    </small>
                  </div>
                  <Button type="button" $quiet onClick={() => void open(p.id)} aria-label={t('console.house.editName', { name: p.name })}>
                    {t('console.house.edit')}
                  </Button>
                </li>
              ))}
            </List>
          )}
        </>
      )}
    </>
  )
}
