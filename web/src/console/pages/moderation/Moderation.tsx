// Moderation: a brand's photo queue, its complaints by state and the member
// lookup with warn, suspend and ban (shared with the member page:
// pages/members/MemberActions.tsx). The engine enforces every rule; this
// page shows its answers and refusals in the console's words.
import { useState, type FormEvent } from 'react'
import { useLoad } from '../../../api/useLoad'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import styled from 'styled-components'
import type { ComplaintStatus, ConsoleApi, ModerationMember } from '../../api'
import { errorText } from '../../errors'
import { Alert, Button, Card, Field, Heading, Input, Muted } from '../../ui'
import { anyTenant, useCan } from '../../permissions'
import { Select, useTenantPicker } from '../TenantPicker'
import { ComplaintConversation } from '../members/ComplaintConversation'
import { MemberActions, PhotoActions, Row, memberStateText } from '../members/MemberActions'

const Grid = styled.ul`
  list-style: none;
  margin: 0 0 16px;
  padding: 0;
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 260px), 1fr));
  img { max-width: 100%; height: auto; display: block; margin-bottom: 8px; }
`
const Section = styled.section`
  margin-bottom: 28px;
  h2 { font-size: 1.125rem; }
`
const statuses: ComplaintStatus[] = ['open', 'in_progress', 'resolved']

/** Moderation picks a brand and shows its three moderation areas. */
export function Moderation({ api }: { api: ConsoleApi }) {
  const { t } = useTranslation()
  const { tenant, picker, tenants, error } = useTenantPicker(api, 'moderation-tenant', anyTenant('moderation', 'read'))
  // The member lookup needs members:read on the brand.
  const mayLookUp = useCan()(anyTenant('members', 'read'), tenant)

  return (
    <>
      <Heading>{t('console.moderation.heading')}</Heading>
      {!tenants && !error && <Muted role="status">{t('console.loading')}</Muted>}
      {tenants && tenants.length === 0 && <Muted>{t('console.tenants.empty')}</Muted>}
      {picker}
      {tenant && (
        <div key={tenant}>
          <PhotoQueue api={api} tenant={tenant} />
          <Complaints api={api} tenant={tenant} />
          {mayLookUp && <MemberLookup api={api} tenant={tenant} />}
        </div>
      )}
    </>
  )
}

/** PhotoQueue lists the pending photos with approve and reject (with a reason). */
export function PhotoQueue({ api, tenant }: { api: ConsoleApi; tenant: string }) {
  const { t } = useTranslation()
  // Approving and rejecting need moderation:write (support only looks).
  const mayDecide = useCan()(anyTenant('moderation', 'write'), tenant)
  const queue = useLoad(`photos|${tenant}`, () => api.photoQueue(tenant))
  const photos = queue.state.status === 'done' ? queue.state.data.photos : null
  const [failed, setError] = useState('')
  const error = failed || (queue.state.status === 'failed' ? errorText(t, queue.state.error) : '')
  const [done, setDone] = useState('')

  const decided = (id: number, message: string) => {
    queue.update((d) => ({ ...d, photos: d.photos.filter((p) => p.id !== id) }))
    setDone(message)
    setError('')
  }

  return (
    <Section id="photos" aria-labelledby="photos-heading">
      <h2 id="photos-heading">{t('console.moderation.photos.heading')}</h2>
      {error && <Alert role="alert">{error}</Alert>}
      <Muted role="status">{done}</Muted>
      {!photos && !error && <Muted>{t('console.loading')}</Muted>}
      {photos && photos.length === 0 && <Muted>{t('console.moderation.photos.empty')}</Muted>}
      {photos && photos.length > 0 && (
        <Grid aria-label={t('console.moderation.photos.heading')}>
          {photos.map((p) => (
            <li key={p.id}>
              <PhotoActions api={api} tenant={tenant} photo={p} canAct={mayDecide} onDone={(after, message) => decided(after.id, message)} onError={(err) => setError(errorText(t, err))} />
            </li>
          ))}
        </Grid>
      )}
    </Section>
  )
}

/** Complaints lists one state's complaints; one opens with its detail and a state change. */
export function Complaints({ api, tenant }: { api: ConsoleApi; tenant: string }) {
  const { t } = useTranslation()
  const mayMove = useCan()(anyTenant('moderation', 'write'), tenant)
  const [status, setStatus] = useState<ComplaintStatus>('open')
  const [open, setOpen] = useState<Awaited<ReturnType<ConsoleApi['complaint']>> | null>(null)
  const complaints = useLoad(`complaints|${tenant}|${status}`, () => api.complaints(tenant, status))
  const list = complaints.state.status === 'done' ? complaints.state.data.complaints : null
  const [failed, setError] = useState('')
  const error = failed || (complaints.state.status === 'failed' ? errorText(t, complaints.state.error) : '')
  const [done, setDone] = useState('')

  const show = (id: number) => {
    setError('')
    api.complaint(tenant, id).then(setOpen, (err: unknown) => setError(errorText(t, err)))
  }
  const move = (to: ComplaintStatus) => {
    if (!open) return
    api.setComplaintStatus(tenant, open.complaint.id, to).then(
      ({ complaint }) => {
        setOpen({ ...open, complaint })
        complaints.update((d) => ({ complaints: d.complaints.filter((c) => c.id !== complaint.id || complaint.status === status) }))
        setDone(t('console.moderation.complaints.moved', { id: complaint.id, status: t(`console.moderation.complaints.status.${complaint.status}`) }))
      },
      (err: unknown) => setError(errorText(t, err)),
    )
  }

  return (
    <Section id="complaints" aria-labelledby="complaints-heading">
      <h2 id="complaints-heading">{t('console.moderation.complaints.heading')}</h2>
      <Field>
        <label htmlFor="complaint-status">{t('console.moderation.complaints.state')}</label>
        <Select id="complaint-status" value={status} onChange={(e) => {
            setOpen(null)
            setStatus(e.target.value as ComplaintStatus)
          }}>
          {statuses.map((s) => (
            <option key={s} value={s}>{t(`console.moderation.complaints.status.${s}`)}</option>
          ))}
        </Select>
      </Field>
      {error && <Alert role="alert">{error}</Alert>}
      <Muted role="status">{done}</Muted>
      {!list && !error && <Muted>{t('console.loading')}</Muted>}
      {list && list.length === 0 && <Muted>{t('console.moderation.complaints.empty')}</Muted>}
      {list && list.length > 0 && (
        <ul>
          {list.map((c) => (
            <li key={c.id}>
              <Button type="button" $quiet onClick={() => show(c.id)}>
                {t('console.moderation.complaints.item', { id: c.id, category: c.category, date: c.created_at.slice(0, 10) })}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {open && (
        <Card aria-labelledby="complaint-detail">
          <h3 id="complaint-detail">{t('console.moderation.complaints.detail', { id: open.complaint.id })}</h3>
          <p>{t('console.moderation.complaints.from', { name: open.complaint.name, email: open.complaint.email })}</p>
          <p>{open.complaint.message}</p>
          {open.member && (
            <p>
              {t('console.moderation.complaints.about', { name: open.member.name, id: open.member.id })}{' '}
              <Link to={`/members/${tenant}/${open.member.id}`}>{t('console.members.open', { name: open.member.name })}</Link>
            </p>
          )}
          {mayMove && (
            <Row role="group" aria-label={t('console.moderation.complaints.moveTo')}>
              {statuses.filter((s) => s !== open.complaint.status).map((s) => (
                <Button key={s} type="button" $quiet onClick={() => move(s)}>
                  {t('console.moderation.complaints.moveTo')}: {t(`console.moderation.complaints.status.${s}`)}
                </Button>
              ))}
            </Row>
          )}
          {open.complaint.member_id !== null && open.complaint.profile_id !== null && (
            <ComplaintConversation key={open.complaint.id} api={api} tenant={tenant} complaint={open.complaint.id} reporter={open.complaint.name || open.complaint.email} />
          )}
        </Card>
      )}
    </Section>
  )
}

/** MemberLookup finds members by id, e-mail or name and warns, suspends or bans one (ban after a confirm). */
export function MemberLookup({ api, tenant }: { api: ConsoleApi; tenant: string }) {
  const { t } = useTranslation()
  const [q, setQ] = useState('')
  const [members, setMembers] = useState<ModerationMember[] | null>(null)
  const [error, setError] = useState('')

  const find = (e: FormEvent) => {
    e.preventDefault()
    setError('')
    api.findMembers(tenant, q.trim()).then(
      (a) => setMembers(a.members),
      (err: unknown) => setError(errorText(t, err)),
    )
  }
  const changed = (m: ModerationMember) => setMembers((l) => l?.map((x) => (x.id === m.id ? m : x)) ?? null)

  return (
    <Section aria-labelledby="members-heading">
      <h2 id="members-heading">{t('console.moderation.members.heading')}</h2>
      <form onSubmit={find}>
        <Field>
          <label htmlFor="member-q">{t('console.moderation.members.query')}</label>
          <Input id="member-q" value={q} required onChange={(e) => setQ(e.target.value)} />
        </Field>
        <Button type="submit">{t('console.moderation.members.find')}</Button>
      </form>
      {error && <Alert role="alert">{error}</Alert>}
      {members && members.length === 0 && <Muted role="status">{t('console.moderation.members.none')}</Muted>}
      {members && members.length > 0 && (
        <Grid aria-label={t('console.moderation.members.heading')} style={{ marginTop: 16 }}>
          {members.map((m) => (
            <li key={m.id}>
              <MemberCard api={api} tenant={tenant} member={m} onChange={changed} />
            </li>
          ))}
        </Grid>
      )}
    </Section>
  )
}

function MemberCard({ api, tenant, member, onChange }: {
  api: ConsoleApi
  tenant: string
  member: ModerationMember
  onChange: (m: ModerationMember) => void
}) {
  const { t } = useTranslation()
  // Warning, suspending and banning need moderation:write on the brand.
  const mayAct = useCan()(anyTenant('moderation', 'write'), tenant)
  const id = `member-${member.id}`
  return (
    <Card aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`} style={{ margin: '0 0 8px' }}>{member.name} (#{member.id})</h3>
      <p style={{ margin: '0 0 8px' }}>{member.email}</p>
      <p style={{ margin: '0 0 8px' }}>{memberStateText(t, member)}</p>
      <p style={{ margin: '0 0 8px' }}><Link to={`/members/${tenant}/${member.id}`}>{t('console.members.open', { name: member.name })}</Link></p>
      {mayAct && <MemberActions api={api} tenant={tenant} member={member} onChange={onChange} />}
    </Card>
  )
}
