// The audit log: every staff action (who, when, brand, what, before and
// after), searched by staff member, brand, action and days, newest first,
// a page at a time; before and after shown as a diff.
import { useState, type FormEvent } from 'react'
import { useLoad } from '../../../api/useLoad'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import type { AuditEntry, AuditFilter, ConsoleApi } from '../../api'
import { ConsoleError } from '../../api'
import { errorText } from '../../errors'
import { Alert, Button, Card, Field, Heading, Input, Muted, colors } from '../../ui'
import { Select } from '../TenantPicker'
import { diff } from './diff'

/** pageSize is the rows asked for at a time (the engine allows up to 500). */
export const pageSize = 50

const Filters = styled.form`
  display: grid;
  gap: 0 16px;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 200px), 1fr));
  align-items: end;
  margin-bottom: 16px;
`
const List = styled.ol`
  list-style: none;
  margin: 0 0 16px;
  padding: 0;
  display: grid;
  gap: 12px;
`
const Diff = styled.table`
  border-collapse: collapse;
  width: 100%;
  font-size: 0.875rem;
  margin-top: 8px;
  th, td { text-align: left; vertical-align: top; padding: 4px 6px; border-top: 1px solid ${colors.line}; }
  td { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; white-space: pre-wrap; }
  del { color: ${colors.danger}; }
  ins { text-decoration: none; color: #1d6b2c; }
`

/** Audit searches the audit log. */
export function Audit({ api }: { api: ConsoleApi }) {
  const { t } = useTranslation()
  const tenants = useLoad('tenants', () => api.tenants())
  // The filter offers the actions the audit log holds.
  const actions = useLoad('audit-actions', () => api.auditActions())
  const first = useLoad('audit-first', () => api.audit({ limit: pageSize }))
  const [form, setForm] = useState<AuditFilter>({})
  const [filter, setFilter] = useState<AuditFilter>({})
  // A search or older pages, once asked for, replace the first page.
  const [asked, setAsked] = useState<{ entries: AuditEntry[]; more: boolean } | null>(null)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  const firstPage = first.state.status === 'done' ? { entries: first.state.data.entries, more: first.state.data.entries.length === pageSize } : null
  const shown = asked ?? firstPage
  const entries = shown?.entries ?? null
  const more = shown?.more ?? false
  const failed = error || (first.state.status === 'failed' && !asked ? errorText(t, first.state.error) : '')

  const load = (f: AuditFilter, after: AuditEntry[]) => {
    setBusy(true)
    setError('')
    api.audit({ ...f, limit: pageSize }).then(
      (a) => {
        setBusy(false)
        setAsked({ entries: [...after, ...a.entries], more: a.entries.length === pageSize })
      },
      (err: unknown) => {
        setBusy(false)
        setError(err instanceof ConsoleError && err.code === 'query_invalid' ? t('console.audit.invalid') : errorText(t, err))
      },
    )
  }

  const search = (e: FormEvent) => {
    e.preventDefault()
    const f: AuditFilter = {}
    for (const [k, v] of Object.entries(form) as [keyof AuditFilter, string | undefined][]) {
      if (typeof v === 'string' && v.trim() !== '') (f as Record<string, string>)[k] = v.trim()
    }
    setFilter(f)
    load(f, [])
  }
  const older = () => {
    const last = entries?.[entries.length - 1]
    if (entries && last) load({ ...filter, before_id: last.id }, entries)
  }
  const set = (k: keyof AuditFilter) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }))

  return (
    <>
      <Heading>{t('console.audit.heading')}</Heading>
      <Filters onSubmit={search} aria-label={t('console.audit.search')}>
        <Field>
          <label htmlFor="audit-email">{t('console.audit.staff')}</label>
          <Input id="audit-email" type="email" value={form.email ?? ''} onChange={set('email')} />
        </Field>
        <Field>
          <label htmlFor="audit-tenant">{t('console.audit.tenant')}</label>
          <Select id="audit-tenant" value={form.tenant ?? ''} onChange={set('tenant')}>
            <option value="">{t('console.audit.anyTenant')}</option>
            <option value="*">{t('console.audit.allTenants')}</option>
            {(tenants.latest ?? []).map((x) => <option key={x.slug} value={x.slug}>{x.name}</option>)}
          </Select>
        </Field>
        <Field>
          <label htmlFor="audit-action">{t('console.audit.action')}</label>
          <Select id="audit-action" value={form.action ?? ''} onChange={set('action')}>
            <option value="">{t('console.audit.anyAction')}</option>
            {(actions.latest?.actions ?? []).map((a) => <option key={a} value={a}>{a}</option>)}
          </Select>
        </Field>
        <Field>
          <label htmlFor="audit-from">{t('console.audit.from')}</label>
          <Input id="audit-from" type="date" value={form.from ?? ''} onChange={set('from')} />
        </Field>
        <Field>
          <label htmlFor="audit-to">{t('console.audit.to')}</label>
          <Input id="audit-to" type="date" value={form.to ?? ''} onChange={set('to')} />
        </Field>
        <Field>
          <Button type="submit" disabled={busy}>{t('console.audit.searchButton')}</Button>
        </Field>
      </Filters>
      {failed && <Alert role="alert">{failed}</Alert>}
      {!entries && !failed && <Muted role="status">{t('console.loading')}</Muted>}
      {entries && entries.length === 0 && <Muted role="status">{t('console.audit.none')}</Muted>}
      {entries && entries.length > 0 && (
        <List aria-label={t('console.audit.entries')}>
          {entries.map((e) => <Entry key={e.id} entry={e} />)}
        </List>
      )}
      {more && (
        <Button type="button" $quiet disabled={busy} onClick={older}>{t('console.audit.older')}</Button>
      )}
    </>
  )
}

function Entry({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation()
  const { lines, same } = diff(entry.before, entry.after)
  const head = `${entry.at.slice(0, 19).replace('T', ' ')} · ${entry.action}`
  return (
    <li>
      <Card aria-label={head}>
        <strong>{head}</strong>
        <div>
          {/* Rows without a staff member were made by the engine itself: the demo's seed, jobs, the command line. */}
          {entry.staff_id === null && !entry.email ? t('console.audit.bySystem') : t('console.audit.by', { email: entry.email })}
          {entry.tenant && ` · ${t('console.audit.on', { tenant: entry.tenant === '*' ? t('console.audit.allTenants') : entry.tenant })}`}
          {entry.ip && ` · ${entry.ip}`}
        </div>
        {lines.length > 0 && (
          <div style={{ overflowX: 'auto' }}>
            <Diff aria-label={t('console.audit.changes', { action: entry.action })}>
              <thead>
                <tr>
                  <th scope="col">{t('console.audit.field')}</th>
                  <th scope="col">{t('console.audit.before')}</th>
                  <th scope="col">{t('console.audit.after')}</th>
                </tr>
              </thead>
              <tbody>
                {lines.map((l) => (
                  <tr key={l.path}>
                    <th scope="row">{l.path}</th>
                    <td>{l.before !== undefined ? <del>{l.before}</del> : '—'}</td>
                    <td>{l.after !== undefined ? <ins>{l.after}</ins> : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </Diff>
          </div>
        )}
        {same > 0 && <Muted>{t('console.audit.same', { count: same })}</Muted>}
      </Card>
    </li>
  )
}
