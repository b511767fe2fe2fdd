// Staff accounts: the list with each account's roles per brand, a new
// account (e-mail and roles, each on a brand or every brand "*", with the
// one-time password to hand over), changing an account's roles and
// disabling one (its console sessions end at once). Superadmins only
// (staff:write); the engine refuses taking one's own superadmin role.
import { useState, type FormEvent } from 'react'
import { useLoad } from '../../../api/useLoad'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { ConsoleError, type AffiliateScope, type ConsoleApi, type Grant, type Staff as StaffAccount, type Tenant } from '../../api'
import { errorText } from '../../errors'
import { global, useCan } from '../../permissions'
import { Alert, Button, Card, CardList, Field, Heading, Input, Muted } from '../../ui'
import { Select } from '../TenantPicker'

/** roles are the console's roles, most powerful first (engine/staff/policy.go). */
export const roles = ['superadmin', 'operator', 'moderator', 'support', 'chat_operator', 'finance', 'affiliate_manager', 'affiliate'] as const

const List = styled(CardList)`
  margin: 0 0 24px;
`
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: end;
  margin-bottom: 8px;
  > div { flex: 1 1 140px; margin-bottom: 0; }
`

/** staffText words the engine's refusals of the staff calls. */
function staffText(t: ReturnType<typeof useTranslation>['t'], err: unknown): string {
  if (err instanceof ConsoleError) {
    switch (err.code) {
      case 'staff_email_invalid':
      case 'staff_email_taken':
      case 'role_invalid':
      case 'tenant_unknown':
      case 'roles_empty':
      case 'role_duplicated':
      case 'own_superadmin_role':
      case 'staff_disable_self':
      case 'staff_disabled':
      case 'staff_not_disabled':
      case 'staff_not_found':
        return t(`console.staff.refusals.${err.code}`)
      case 'affiliate_scope_invalid':
      case 'affiliate_role_alone':
      case 'staff_not_affiliate':
        return t(`affiliate.refusals.${err.code}`)
      case 'affiliate_network_unknown':
        return t('affiliate.refusals.affiliate_network_unknown', { network: typeof err.fields.network === 'string' ? err.fields.network : '' })
    }
  }
  return errorText(t, err)
}

/** Staff lists the staff accounts and, for superadmins, creates and changes them. */
export function Staff({ api }: { api: ConsoleApi }) {
  const { t } = useTranslation()
  const can = useCan()
  const write = can(global('staff', 'write'))
  const staff = useLoad('staff', () => api.staff())
  const brands = useLoad('tenants', () => api.tenants())
  const list = staff.state.status === 'done' ? staff.state.data.staff : null
  const error = staff.state.status === 'failed' ? errorText(t, staff.state.error) : ''
  const tenants = brands.latest ?? []

  const changed = (s: StaffAccount) =>
    staff.update((d) => ({ staff: d.staff.some((x) => x.id === s.id) ? d.staff.map((x) => (x.id === s.id ? s : x)) : [...d.staff, s] }))

  return (
    <>
      <Heading>{t('console.staff.heading')}</Heading>
      {error && <Alert role="alert">{error}</Alert>}
      {!list && !error && <Muted role="status">{t('console.loading')}</Muted>}
      {list && (
        <List aria-label={t('console.staff.list')}>
          {list.map((s) => (
            <li key={s.id}>
              <StaffCard api={api} staff={s} tenants={tenants} write={write} onChange={changed} />
            </li>
          ))}
        </List>
      )}
      {write && <NewStaff api={api} tenants={tenants} onCreated={changed} />}
    </>
  )
}

/** RolesEditor edits a list of roles, each on a brand or "*". */
function RolesEditor({ idPrefix, value, tenants, onChange }: { idPrefix: string; value: Grant[]; tenants: Tenant[]; onChange: (g: Grant[]) => void }) {
  const { t } = useTranslation()
  const set = (i: number, g: Partial<Grant>) => onChange(value.map((x, j) => (j === i ? { ...x, ...g } : x)))
  return (
    <fieldset style={{ border: 0, padding: 0, margin: '0 0 12px' }}>
      <legend style={{ fontWeight: 600, marginBottom: 8 }}>{t('console.staff.roles')}</legend>
      {value.map((g, i) => (
        <Row key={i}>
          <Field>
            <label htmlFor={`${idPrefix}-role-${i}`}>{t('console.staff.role', { n: i + 1 })}</label>
            <Select id={`${idPrefix}-role-${i}`} value={g.role} onChange={(e) => set(i, { role: e.target.value as Grant['role'] })}>
              {roles.map((r) => <option key={r} value={r}>{t(`console.roles.${r}`)}</option>)}
            </Select>
          </Field>
          <Field>
            <label htmlFor={`${idPrefix}-tenant-${i}`}>{t('console.staff.on', { n: i + 1 })}</label>
            <Select id={`${idPrefix}-tenant-${i}`} value={g.tenant} onChange={(e) => set(i, { tenant: e.target.value })}>
              <option value="*">{t('console.staff.everyBrand')}</option>
              {tenants.map((x) => <option key={x.slug} value={x.slug}>{x.name}</option>)}
            </Select>
          </Field>
          <Button type="button" $quiet disabled={value.length < 2} onClick={() => onChange(value.filter((_, j) => j !== i))}
            aria-label={t('console.staff.removeRole', { n: i + 1 })}>
            {t('console.staff.remove')}
          </Button>
        </Row>
      ))}
      <Button type="button" $quiet onClick={() => onChange([...value, { role: 'moderator', tenant: '*' }])}>{t('console.staff.addRole')}</Button>
    </fieldset>
  )
}

/** ScopeDraft is an affiliate's scope as typed: refs separated by commas, the share in percent. */
interface ScopeDraft {
  network: string
  refs: string
  share: string
}
const emptyScope: ScopeDraft = { network: '', refs: '', share: '' }

/** draftOf is a stored scope as the form shows it. */
const draftOf = (a: AffiliateScope): ScopeDraft => ({ network: a.network, refs: a.refs.join(', '), share: String(a.revenue_share / 100) })

/** scopeOf is the typed scope as the engine takes it; the engine checks every rule. */
const scopeOf = (d: ScopeDraft): AffiliateScope => ({
  network: d.network.trim(),
  refs: d.refs.split(',').map((r) => r.trim()).filter(Boolean),
  revenue_share: Math.round(Number(d.share || '0') * 100),
})

/** ScopeFields are an affiliate's network, refs and revenue share, when it is made and when it is changed. */
function ScopeFields({ idPrefix, value, onChange }: { idPrefix: string; value: ScopeDraft; onChange: (d: ScopeDraft) => void }) {
  const { t } = useTranslation()
  return (
    <fieldset style={{ border: 0, padding: 0, margin: '0 0 8px' }}>
      <legend style={{ fontWeight: 600, marginBottom: 8 }}>{t('affiliate.staff.title')}</legend>
      <Field>
        <label htmlFor={`${idPrefix}-network`}>{t('affiliate.staff.network')}</label>
        <Input id={`${idPrefix}-network`} required maxLength={100} value={value.network} onChange={(e) => onChange({ ...value, network: e.target.value })} />
      </Field>
      <Field>
        <label htmlFor={`${idPrefix}-refs`}>{t('affiliate.staff.refs')}</label>
        <Input id={`${idPrefix}-refs`} value={value.refs} onChange={(e) => onChange({ ...value, refs: e.target.value })} />
      </Field>
      <Field>
        <label htmlFor={`${idPrefix}-share`}>{t('affiliate.staff.share')}</label>
        <Input id={`${idPrefix}-share`} type="number" min={0} max={100} step={0.01} inputMode="decimal" value={value.share}
          onChange={(e) => onChange({ ...value, share: e.target.value })} />
      </Field>
    </fieldset>
  )
}

function StaffCard({ api, staff, tenants, write, onChange }: {
  api: ConsoleApi
  staff: StaffAccount
  tenants: Tenant[]
  write: boolean
  onChange: (s: StaffAccount) => void
}) {
  const { t } = useTranslation()
  const [editing, setEditing] = useState<Grant[] | null>(null)
  const [scoping, setScoping] = useState<ScopeDraft | null>(null)
  const [confirm, setConfirm] = useState(false)
  const [error, setError] = useState('')
  const [done, setDone] = useState('')
  const id = `staff-${staff.id}`
  const brand = (slug: string) => (slug === '*' ? t('console.staff.everyBrand') : (tenants.find((x) => x.slug === slug)?.name ?? slug))

  const run = (p: Promise<{ staff: StaffAccount }>, message: string) => {
    setError('')
    p.then(
      (a) => {
        onChange(a.staff)
        setDone(message)
        setEditing(null)
        setScoping(null)
        setConfirm(false)
      },
      (err: unknown) => setError(staffText(t, err)),
    )
  }
  const save = (e: FormEvent) => {
    e.preventDefault()
    if (editing) run(api.setStaffRoles(staff.id, editing), t('console.staff.saved'))
  }
  const saveScope = (e: FormEvent) => {
    e.preventDefault()
    if (scoping) run(api.setAffiliateScope(staff.id, scopeOf(scoping)), t('affiliate.staff.scopeSaved'))
  }

  return (
    <Card aria-labelledby={`${id}-email`}>
      <h2 id={`${id}-email`} style={{ fontSize: '1.0625rem', margin: '0 0 4px' }}>{staff.email}</h2>
      <p style={{ margin: '0 0 8px' }}>
        {staff.disabled_at ? t('console.staff.disabledAt', { at: staff.disabled_at.slice(0, 10) }) : staff.totp_enabled ? t('console.staff.totpOn') : t('console.staff.totpOff')}
      </p>
      <ul aria-label={t('console.staff.rolesOf', { email: staff.email })} style={{ margin: '0 0 8px', paddingLeft: 20 }}>
        {staff.roles.map((g) => <li key={`${g.role}@${g.tenant}`}>{t('console.staff.grant', { role: t(`console.roles.${g.role}`), brand: brand(g.tenant) })}</li>)}
      </ul>
      {staff.affiliate && (
        <p style={{ margin: '0 0 8px' }}>
          {t('affiliate.staff.scope', {
            network: staff.affiliate.network,
            refs: staff.affiliate.refs.length ? staff.affiliate.refs.join(', ') : t('affiliate.staff.everyRef'),
            share: (staff.affiliate.revenue_share / 100).toLocaleString(),
          })}
        </p>
      )}
      {error && <Alert role="alert">{error}</Alert>}
      <Muted role="status">{done}</Muted>
      {write && !staff.disabled_at && !editing && !scoping && !confirm && (
        <Row>
          <Button type="button" $quiet onClick={() => setEditing(staff.roles.length ? staff.roles : [{ role: 'moderator', tenant: '*' }])}>{t('console.staff.changeRoles')}</Button>
          {staff.affiliate && (
            <Button type="button" $quiet onClick={() => setScoping(staff.affiliate ? draftOf(staff.affiliate) : emptyScope)}>{t('affiliate.staff.changeScope')}</Button>
          )}
          <Button type="button" $quiet onClick={() => setConfirm(true)}>{t('console.staff.disable')}</Button>
        </Row>
      )}
      {write && staff.disabled_at && (
        <Row>
          <Button type="button" $quiet onClick={() => run(api.enableStaff(staff.id), t('console.staff.enabled'))}>{t('console.staff.enable')}</Button>
        </Row>
      )}
      {editing && (
        <form onSubmit={save}>
          <RolesEditor idPrefix={id} value={editing} tenants={tenants} onChange={setEditing} />
          <Row>
            <Button type="submit">{t('console.staff.save')}</Button>
            <Button type="button" $quiet onClick={() => setEditing(null)}>{t('console.staff.cancel')}</Button>
          </Row>
        </form>
      )}
      {scoping && (
        <form onSubmit={saveScope} aria-label={t('affiliate.staff.scopeOf', { email: staff.email })}>
          <ScopeFields idPrefix={`${id}-scope`} value={scoping} onChange={setScoping} />
          <Row>
            <Button type="submit">{t('affiliate.staff.saveScope')}</Button>
            <Button type="button" $quiet onClick={() => setScoping(null)}>{t('console.staff.cancel')}</Button>
          </Row>
        </form>
      )}
      {confirm && (
        <div role="alertdialog" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`}>{t('console.staff.disableConfirm', { email: staff.email })}</p>
          <Row>
            <Button type="button" onClick={() => run(api.disableStaff(staff.id), t('console.staff.disabled'))}>{t('console.staff.disableYes')}</Button>
            <Button type="button" $quiet onClick={() => setConfirm(false)}>{t('console.staff.cancel')}</Button>
          </Row>
        </div>
      )}
    </Card>
  )
}

function NewStaff({ api, tenants, onCreated }: { api: ConsoleApi; tenants: Tenant[]; onCreated: (s: StaffAccount) => void }) {
  const { t } = useTranslation()
  const [email, setEmail] = useState('')
  const [grants, setGrants] = useState<Grant[]>([{ role: 'moderator', tenant: '*' }])
  const [scope, setScope] = useState<ScopeDraft>(emptyScope)
  const affiliate = grants.some((g) => g.role === 'affiliate')
  const [error, setError] = useState('')
  const [made, setMade] = useState<{ email: string; password?: string } | null>(null)
  const [busy, setBusy] = useState(false)

  const create = (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    setError('')
    const affiliateScope = affiliate ? scopeOf(scope) : undefined
    ;(affiliateScope ? api.createStaff(email.trim(), grants, affiliateScope) : api.createStaff(email.trim(), grants)).then(
      (a) => {
        setBusy(false)
        onCreated(a.staff)
        setMade({ email: a.staff.email, password: a.password })
        setEmail('')
        setGrants([{ role: 'moderator', tenant: '*' }])
        setScope(emptyScope)
      },
      (err: unknown) => {
        setBusy(false)
        setError(staffText(t, err))
      },
    )
  }

  return (
    <Card as="form" onSubmit={create} aria-labelledby="new-staff">
      <h2 id="new-staff" style={{ fontSize: '1.125rem', marginTop: 0 }}>{t('console.staff.new')}</h2>
      <Field>
        <label htmlFor="new-staff-email">{t('console.staff.email')}</label>
        <Input id="new-staff-email" type="email" autoComplete="off" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </Field>
      <RolesEditor idPrefix="new-staff" value={grants} tenants={tenants} onChange={setGrants} />
      {affiliate && <ScopeFields idPrefix="new-staff" value={scope} onChange={setScope} />}
      {error && <Alert role="alert">{error}</Alert>}
      {made && (
        <div role="status">
          <p>{t('console.staff.created', { email: made.email })}</p>
          {made.password && (
            <p>
              {t('console.staff.password')} <code>{made.password}</code>
            </p>
          )}
        </div>
      )}
      <Button type="submit" disabled={busy || !email.trim()}>{t('console.staff.create')}</Button>
    </Card>
  )
}
