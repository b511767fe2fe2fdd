// One member of a brand (/members/:tenant/:id), reached from the member
// search, the moderation lookup, complaints and orders: the profile as
// members see it, every photo with its state (approve, reject, take-down for
// moderators), complaints by and about the member, conversation counts,
// sessions, staff notes, the member's audit trail, what moderators do (warn,
// suspend, ban, lift) and customer service does (notes, end sessions,
// reactivate, activation mail), and, for staff with money permissions only,
// the ledger, orders and credit correction. Without money:read the page
// never calls the money API.
import { useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import styled from 'styled-components'
import { useLoad } from '../../../api/useLoad'
import { ConsoleError, type ConsoleApi, type MemberView, type ModerationMember } from '../../api'
import { errorText } from '../../errors'
import { anyTenant, useCan } from '../../permissions'
import { Alert, Button, Card, Field, Heading, Input, Muted, colors } from '../../ui'
import { MemberActions, PhotoActions, Row } from './MemberActions'
import { stateText } from './state'

const Section = styled.section`
  margin-bottom: 28px;
  h2 { font-size: 1.125rem; }
`
const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 220px), 1fr));
  img { max-width: 100%; height: auto; display: block; margin-bottom: 8px; }
`
const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 16px;
  margin: 0;
  dt { font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
`
const Scroll = styled.div`
  overflow-x: auto;
  table { border-collapse: collapse; width: 100%; font-size: 0.9375rem; }
  th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid ${colors.line}; white-space: nowrap; vertical-align: top; }
  td.note { white-space: normal; min-width: 160px; }
`
const Notes = styled.ul`
  list-style: none;
  margin: 0 0 12px;
  padding: 0;
  li { border-bottom: 1px solid ${colors.line}; padding: 8px 0; }
  p { margin: 0 0 4px; white-space: pre-wrap; }
`

const day = (iso?: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '—')

type T = ReturnType<typeof useTranslation>['t']

/** place is the profile's city, region and country, the parts it has. */
function place(p: NonNullable<MemberView['profile']>): string {
  return [p.city, p.region_name || p.region, p.country].filter(Boolean).join(', ') || '—'
}

/** MemberPage shows one member of a brand with what the staff member may do about them. */
export function MemberPage({ api }: { api: ConsoleApi }) {
  const { t } = useTranslation()
  const { tenant = '', id = '' } = useParams()
  const can = useCan()
  const memberId = Number(id)
  const validId = Number.isInteger(memberId) && memberId > 0
  const view = useLoad<MemberView>(validId ? `${tenant}/${memberId}` : null, () => api.member(tenant, memberId))
  const [photoError, setPhotoError] = useState('')
  const [done, setDone] = useState('')
  const [lifted, setLifted] = useState('')
  const moderate = can(anyTenant('moderation', 'write'), tenant)
  const serve = can(anyTenant('members', 'write'), tenant)
  const money = can(anyTenant('money', 'read'), tenant)
  const back = <p><Link to="/members">{t('members.page.back')}</Link></p>

  if (!validId) return <><Heading>{t('console.members.heading')}</Heading><Alert role="alert">{t('console.members.notFound')}</Alert></>
  if (view.state.status === 'failed') {
    const err = view.state.error
    return (
      <>
        <Heading>{t('console.members.heading')}</Heading>
        <Alert role="alert">{err instanceof ConsoleError && err.code === 'member_not_found' ? t('console.members.notFound') : errorText(t, err)}</Alert>
        {back}
      </>
    )
  }
  if (view.state.status === 'loading') return <><Heading>{t('console.members.heading')}</Heading><Muted role="status">{t('console.loading')}</Muted></>
  const v = view.state.data
  const { member, profile } = v
  const changed = (m: ModerationMember) => view.update((x) => ({ ...x, member: { ...x.member, ...m } }))

  return (
    <>
      <Heading>{t('console.members.title', { name: member.name || member.email, id: member.id })}</Heading>
      {back}
      <Section aria-labelledby="member-profile">
        <h2 id="member-profile">{t('console.members.profile')}</h2>
        <Facts>
          <dt>{t('console.members.brand')}</dt><dd>{v.brand}</dd>
          <dt>{t('console.members.email')}</dt><dd>{member.email}</dd>
          <dt>{t('console.members.state')}</dt><dd>{stateText(t, member)}</dd>
          {member.moderation_reason && <><dt>{t('console.members.reason')}</dt><dd>{member.moderation_reason}</dd></>}
          {profile && (
            <>
              <dt>{t('members.page.age')}</dt><dd>{profile.age}</dd>
              <dt>{t('members.page.gender')}</dt><dd>{t(`members.page.genders.${profile.gender}`)}</dd>
              <dt>{t('members.page.seeking')}</dt><dd>{t(`members.page.seekingValues.${profile.seeking}`)}</dd>
              <dt>{t('members.page.place')}</dt><dd>{place(profile)}</dd>
              <dt>{t('members.page.visibility')}</dt><dd>{t(`members.page.profileStatus.${profile.status}`)}</dd>
            </>
          )}
          <dt>{t('console.members.language')}</dt><dd>{member.language ?? '—'}</dd>
          <dt>{t('console.members.signup')}</dt><dd>{day(member.signup_date)}</dd>
          <dt>{t('console.members.lastSeen')}</dt><dd>{day(member.last_seen_at)}</dd>
          <dt>{t('members.page.signupAddress')}</dt><dd>{member.signup_address || '—'}</dd>
          <dt>{t('members.page.loginAddress')}</dt><dd>{member.login_address || '—'}</dd>
          {member.is_house && <><dt>{t('console.members.house')}</dt><dd>{t('console.members.yes')}</dd></>}
        </Facts>
        {profile && (
          <>
            <h3>{t('members.page.about')}</h3>
            {profile.about_me ? <p style={{ whiteSpace: 'pre-wrap' }}>{profile.about_me}</p> : <Muted>{t('members.page.noAbout')}</Muted>}
          </>
        )}
      </Section>
      {moderate && (
        <Section aria-labelledby="member-actions">
          <h2 id="member-actions">{t('console.members.actions')}</h2>
          <Card>
            <MemberActions api={api} tenant={tenant} member={member} onChange={(m) => { changed(m); view.reload() }} />
          </Card>
          {(member.suspended_until || member.banned_at) && (
            <Card style={{ marginTop: 12 }}>
              <Lift api={api} tenant={tenant} member={member} onDone={() => { setLifted(t('members.lift.done')); view.reload() }} />
            </Card>
          )}
          {/* Outside the form, which goes once the member is free again. */}
          <Muted role="status">{lifted}</Muted>
        </Section>
      )}
      {serve && (
        <Section aria-labelledby="member-service">
          <h2 id="member-service">{t('members.service.heading')}</h2>
          <Card>
            <Service api={api} tenant={tenant} member={member} onDone={view.reload} />
          </Card>
        </Section>
      )}
      <Section aria-labelledby="member-photos">
        <h2 id="member-photos">{t('console.members.photos.heading')}</h2>
        {photoError && <Alert role="alert">{photoError}</Alert>}
        <Muted role="status">{done}</Muted>
        {v.photos.length === 0 && <Muted>{t('console.members.photos.none')}</Muted>}
        {v.photos.length > 0 && (
          <Grid aria-label={t('console.members.photos.heading')}>
            {v.photos.map((p) => (
              <li key={p.id}>
                <PhotoActions api={api} tenant={tenant} photo={p} canAct={moderate}
                  onDone={(after, message) => {
                    view.update((x) => ({ ...x, photos: x.photos.map((y) => (y.id === after.id ? { ...y, ...after } : y)) }))
                    setDone(message)
                    setPhotoError('')
                  }}
                  onError={(err) => setPhotoError(errorText(t, err))} />
              </li>
            ))}
          </Grid>
        )}
      </Section>
      <Complaints t={t} view={v} />
      <Section aria-labelledby="member-activity">
        <h2 id="member-activity">{t('members.activity.heading')}</h2>
        <Facts>
          <dt>{t('members.activity.conversations')}</dt><dd>{v.conversations.conversations}</dd>
          <dt>{t('members.activity.sent')}</dt><dd>{v.conversations.messages_sent}</dd>
          <dt>{t('members.activity.unread')}</dt><dd>{v.conversations.unread}</dd>
        </Facts>
        <h3 id="member-sessions">{t('members.activity.sessions')}</h3>
        {v.sessions.length === 0 ? (
          <Muted>{t('members.activity.noSessions')}</Muted>
        ) : (
          <Notes aria-labelledby="member-sessions">
            {v.sessions.map((x, i) => (
              <li key={i}>
                <p><strong>{x.device || t('members.activity.unknownDevice')}</strong></p>
                <Muted as="p">
                  {t('members.activity.session', {
                    address: x.address || t('members.activity.unknownAddress'),
                    created: day(x.created_at), seen: day(x.last_seen_at), expires: day(x.expires),
                  })}
                </Muted>
              </li>
            ))}
          </Notes>
        )}
      </Section>
      <NotesSection api={api} tenant={tenant} view={v} canWrite={serve} onAdded={view.reload} />
      {money && <MoneySection api={api} tenant={tenant} member={member} />}
      {money && <InvoicesSection api={api} tenant={tenant} member={member} />}
      <AuditTrail t={t} view={v} />
    </>
  )
}

/** Complaints lists the brand's complaints filed by the member and about their profile. */
function Complaints({ t, view }: { t: T; view: MemberView }) {
  return (
    <Section aria-labelledby="member-complaints">
      <h2 id="member-complaints">{t('members.complaints.heading')}</h2>
      {view.complaints.length === 0 ? <Muted>{t('members.complaints.none')}</Muted> : (
        <Scroll>
          <table aria-label={t('members.complaints.heading')}>
            <thead>
              <tr>
                <th scope="col">{t('members.complaints.when')}</th>
                <th scope="col">{t('members.complaints.side')}</th>
                <th scope="col">{t('members.complaints.category')}</th>
                <th scope="col">{t('members.complaints.status')}</th>
                <th scope="col">{t('members.complaints.message')}</th>
              </tr>
            </thead>
            <tbody>
              {view.complaints.map((c) => (
                <tr key={c.id}>
                  <td>{day(c.created_at)}</td>
                  <td>{c.profile_id === view.member.id ? t('members.complaints.about', { name: c.name || c.email }) : t('members.complaints.by')}</td>
                  <td>{c.category}</td>
                  <td>{c.status}</td>
                  <td className="note">{c.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      )}
    </Section>
  )
}

/** AuditTrail lists what staff did about the member on this brand. */
function AuditTrail({ t, view }: { t: T; view: MemberView }) {
  return (
    <Section aria-labelledby="member-audit">
      <h2 id="member-audit">{t('members.audit.heading')}</h2>
      {view.audit.length === 0 ? <Muted>{t('members.audit.none')}</Muted> : (
        <Scroll>
          <table aria-label={t('members.audit.heading')}>
            <thead>
              <tr>
                <th scope="col">{t('members.audit.when')}</th>
                <th scope="col">{t('members.audit.who')}</th>
                <th scope="col">{t('members.audit.action')}</th>
              </tr>
            </thead>
            <tbody>
              {view.audit.map((a) => (
                <tr key={a.id}>
                  <td>{day(a.at)}</td>
                  <td>{a.email || t('members.audit.system')}</td>
                  <td>{a.action}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      )}
    </Section>
  )
}

/** Outcome is what a form shows after its call: the refusal or the done message. */
function useOutcome() {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [done, setDone] = useState('')
  const run = (p: Promise<unknown>, message: string, after: () => void) => {
    setBusy(true)
    setError('')
    setDone('')
    p.then(
      () => {
        setBusy(false)
        setDone(message)
        after()
      },
      (err: unknown) => {
        setBusy(false)
        setError(errorText(t, err))
      },
    )
  }
  const shown: ReactNode = (
    <>
      {error && <Alert role="alert">{error}</Alert>}
      <Muted role="status">{done}</Muted>
    </>
  )
  return { busy, run, shown }
}

/** Lift ends a suspension or a ban early, with a reason mailed to the member. */
function Lift({ api, tenant, member, onDone }: { api: ConsoleApi; tenant: string; member: ModerationMember; onDone: () => void }) {
  const { t } = useTranslation()
  const [reason, setReason] = useState('')
  const { busy, run, shown } = useOutcome()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    run(api.liftMember(tenant, member.id, reason.trim()), '', () => {
      setReason('')
      onDone()
    })
  }
  return (
    <form onSubmit={submit} aria-labelledby="lift-heading">
      <h3 id="lift-heading" style={{ marginTop: 0 }}>{member.banned_at ? t('members.lift.headingBan') : t('members.lift.headingSuspension')}</h3>
      <Field>
        <label htmlFor="lift-reason">{t('members.lift.reason')}</label>
        <Input id="lift-reason" value={reason} maxLength={2000} required onChange={(e) => setReason(e.target.value)} />
      </Field>
      {shown}
      <Button type="submit" disabled={busy || !reason.trim()}>{member.banned_at ? t('members.lift.ban') : t('members.lift.suspension')}</Button>
    </form>
  )
}

/** Service is customer service's actions on the account. */
function Service({ api, tenant, member, onDone }: { api: ConsoleApi; tenant: string; member: ModerationMember; onDone: () => void }) {
  const { t } = useTranslation()
  const { busy, run, shown } = useOutcome()
  return (
    <div>
      {shown}
      <Row>
        {member.status === 'deletion_pending' && (
          <Button type="button" $quiet disabled={busy} onClick={() => run(api.reactivateMember(tenant, member.id), t('members.service.reactivated'), onDone)}>
            {t('members.service.reactivate')}
          </Button>
        )}
        {member.status === 'not_confirmed' && !member.is_house && (
          <Button type="button" $quiet disabled={busy} onClick={() => run(api.resendActivation(tenant, member.id), t('members.service.activationSent'), onDone)}>
            {t('members.service.activation')}
          </Button>
        )}
        <Button type="button" $quiet disabled={busy} onClick={() => run(api.endSessions(tenant, member.id), t('members.service.sessionsEnded'), onDone)}>
          {t('members.service.endSessions')}
        </Button>
      </Row>
    </div>
  )
}

/** NotesSection lists the staff notes on the member and, with members:write, adds one. */
function NotesSection({ api, tenant, view, canWrite, onAdded }: { api: ConsoleApi; tenant: string; view: MemberView; canWrite: boolean; onAdded: () => void }) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const { busy, run, shown } = useOutcome()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    run(api.addNote(tenant, view.member.id, text.trim()), t('members.notes.added'), () => {
      setText('')
      onAdded()
    })
  }
  return (
    <Section aria-labelledby="member-notes">
      <h2 id="member-notes">{t('members.notes.heading')}</h2>
      <Muted>{t('members.notes.private')}</Muted>
      {view.notes.length === 0 ? <Muted>{t('members.notes.none')}</Muted> : (
        <Notes aria-label={t('members.notes.heading')}>
          {view.notes.map((n) => (
            <li key={n.id}>
              <p>{n.text}</p>
              <small>{t('members.notes.by', { who: n.by, when: day(n.created_at) })}</small>
            </li>
          ))}
        </Notes>
      )}
      {canWrite && (
        <Card as="form" onSubmit={submit} aria-labelledby="note-heading">
          <h3 id="note-heading" style={{ marginTop: 0 }}>{t('members.notes.add')}</h3>
          <Field>
            <label htmlFor="note-text">{t('members.notes.text')}</label>
            <textarea id="note-text" value={text} maxLength={2000} rows={3} required style={{ width: '100%', font: 'inherit' }}
              onChange={(e) => setText(e.target.value)} />
          </Field>
          {shown}
          <Button type="submit" disabled={busy || !text.trim()}>{t('members.notes.save')}</Button>
        </Card>
      )}
    </Section>
  )
}

/** InvoicesSection lists the member's invoices and, with money:write, blocks or unblocks direct debit. */
function InvoicesSection({ api, tenant, member }: { api: ConsoleApi; tenant: string; member: ModerationMember }) {
  const { t } = useTranslation()
  const can = useCan()
  const write = can(anyTenant('money', 'write'), tenant)
  const invoices = useLoad(`${tenant}/${member.id}`, () => api.memberInvoices(tenant, member.id).then((a) => a.invoices))
  const [reason, setReason] = useState('')
  const { busy, run, shown } = useOutcome()
  return (
    <Section aria-labelledby="member-invoices">
      <h2 id="member-invoices">{t('members.invoices.heading')}</h2>
      {invoices.state.status === 'loading' && <Muted>{t('console.loading')}</Muted>}
      {invoices.state.status === 'failed' && <Alert role="alert">{errorText(t, invoices.state.error)}</Alert>}
      {invoices.state.status === 'done' && (invoices.state.data.length === 0 ? <Muted>{t('members.invoices.none')}</Muted> : (
        <Scroll>
          <table aria-label={t('members.invoices.heading')}>
            <thead>
              <tr>
                <th scope="col">{t('members.invoices.number')}</th>
                <th scope="col">{t('members.invoices.issued')}</th>
                <th scope="col">{t('members.invoices.amount')}</th>
                <th scope="col">{t('members.invoices.method')}</th>
              </tr>
            </thead>
            <tbody>
              {invoices.state.data.map((i) => (
                <tr key={i.number}>
                  <td>{i.number}{i.refunded ? ` (${t('members.invoices.refunded')})` : ''}</td>
                  <td>{day(i.issued_at)}</td>
                  <td>{(i.amount / 100).toFixed(2)} {i.currency}</td>
                  <td>{i.method}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      ))}
      {write && (
        <Card style={{ marginTop: 16 }} aria-labelledby="dd-heading">
          <h3 id="dd-heading" style={{ marginTop: 0 }}>{t('members.directDebit.heading')}</h3>
          <Field>
            <label htmlFor="dd-reason">{t('members.directDebit.reason')}</label>
            <Input id="dd-reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
          </Field>
          {shown}
          <Row>
            <Button type="button" $quiet disabled={busy || !reason.trim()}
              onClick={() => run(api.directDebit(tenant, member.id, true, reason.trim()), t('members.directDebit.blocked'), () => setReason(''))}>
              {t('members.directDebit.block')}
            </Button>
            <Button type="button" $quiet disabled={busy}
              onClick={() => run(api.directDebit(tenant, member.id, false, ''), t('members.directDebit.unblocked'), () => setReason(''))}>
              {t('members.directDebit.unblock')}
            </Button>
          </Row>
        </Card>
      )}
    </Section>
  )
}

/** correctionText words a refused credit correction: the catalogue's words for credits.Correct's refusals, else the engine's own. */
function correctionText(t: ReturnType<typeof useTranslation>['t'], err: unknown): string {
  if (err instanceof ConsoleError) {
    switch (err.code) {
      case 'credits_below_zero':
        return t('console.members.money.refusals.credits_below_zero', { balance: Number(err.fields.balance ?? 0) })
      case 'correction_reason_required':
      case 'correction_invalid':
      case 'member_not_found':
        return t(`console.members.money.refusals.${err.code}`)
      case 'console_forbidden':
      case 'network':
        return errorText(t, err)
      default:
        if (err.status >= 400 && err.status < 500 && err.message) return err.message
    }
  }
  return errorText(t, err)
}

/** MoneySection is the member's balance, ledger and orders, and (money:write) the credit correction. */
function MoneySection({ api, tenant, member }: { api: ConsoleApi; tenant: string; member: ModerationMember }) {
  const { t } = useTranslation()
  const can = useCan()
  const write = can(anyTenant('money', 'write'), tenant)
  const [delta, setDelta] = useState('')
  const [reason, setReason] = useState('')
  const [refusal, setRefusal] = useState('')
  const [done, setDone] = useState('')
  const [busy, setBusy] = useState(false)

  const loaded = useLoad(`${tenant}/${member.id}`, () => api.memberMoney(tenant, member.id))
  const money = loaded.state.status === 'done' ? loaded.state.data : null
  const error = loaded.state.status === 'failed' ? errorText(t, loaded.state.error) : ''

  const amount = Number(delta)
  const valid = delta.trim() !== '' && Number.isInteger(amount) && amount !== 0 && reason.trim() !== ''
  const correct = (e: FormEvent) => {
    e.preventDefault()
    if (!valid) return
    setBusy(true)
    setRefusal('')
    api.correctCredits(tenant, member.id, amount, reason.trim()).then(
      (c) => {
        setBusy(false)
        setDone(t('console.members.money.corrected', { before: c.balance_before, after: c.balance_after }))
        setDelta('')
        setReason('')
        loaded.reload()
      },
      (err: unknown) => {
        setBusy(false)
        setRefusal(correctionText(t, err))
      },
    )
  }

  return (
    <Section aria-labelledby="member-money">
      <h2 id="member-money">{t('console.members.money.heading')}</h2>
      {error && <Alert role="alert">{error}</Alert>}
      {!money && !error && <Muted>{t('console.loading')}</Muted>}
      {money && (
        <>
          <p>{t('console.members.money.balance', { balance: money.balance })}</p>
          {write && (
            <Card as="form" onSubmit={correct} aria-labelledby="correction-heading" style={{ marginBottom: 16 }}>
              <h3 id="correction-heading" style={{ marginTop: 0 }}>{t('console.members.money.correction')}</h3>
              <Field>
                <label htmlFor="correction-delta">{t('console.members.money.delta')}</label>
                <Input id="correction-delta" type="number" step={1} inputMode="numeric" value={delta} required
                  aria-describedby="correction-delta-hint" onChange={(e) => setDelta(e.target.value)} />
                <small id="correction-delta-hint">{t('console.members.money.deltaHint')}</small>
              </Field>
              <Field>
                <label htmlFor="correction-reason">{t('console.members.money.reason')}</label>
                <Input id="correction-reason" value={reason} maxLength={500} required onChange={(e) => setReason(e.target.value)} />
              </Field>
              {refusal && <Alert role="alert">{refusal}</Alert>}
              <Muted role="status">{done}</Muted>
              <Button type="submit" disabled={busy || !valid}>{t('console.members.money.book')}</Button>
            </Card>
          )}
          <h3>{t('console.members.money.ledger')}</h3>
          {money.ledger.length === 0 ? <Muted>{t('console.members.money.noLedger')}</Muted> : (
            <Scroll>
              <table aria-label={t('console.members.money.ledger')}>
                <thead>
                  <tr>
                    <th scope="col">{t('console.members.money.when')}</th>
                    <th scope="col">{t('console.members.money.kind')}</th>
                    <th scope="col">{t('console.members.money.change')}</th>
                    <th scope="col">{t('console.members.money.after')}</th>
                    <th scope="col">{t('console.members.money.note')}</th>
                  </tr>
                </thead>
                <tbody>
                  {money.ledger.map((r) => (
                    <tr key={r.id}>
                      <td>{day(r.created_at)}</td>
                      <td>{r.kind}</td>
                      <td>{r.delta > 0 ? `+${r.delta}` : r.delta}</td>
                      <td>{r.balance_after}</td>
                      <td className="note">{r.note || r.reference}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Scroll>
          )}
          <h3>{t('console.members.money.orders')}</h3>
          {money.orders.length === 0 ? <Muted>{t('console.members.money.noOrders')}</Muted> : (
            <Scroll>
              <table aria-label={t('console.members.money.orders')}>
                <thead>
                  <tr>
                    <th scope="col">{t('console.orders.order', { id: '' }).trim()}</th>
                    <th scope="col">{t('console.orders.status')}</th>
                    <th scope="col">{t('console.orders.amount')}</th>
                    <th scope="col">{t('console.orders.credits')}</th>
                    <th scope="col">{t('console.orders.created')}</th>
                  </tr>
                </thead>
                <tbody>
                  {money.orders.map((o) => (
                    <tr key={o.id}>
                      <td>{o.id}</td>
                      <td>{t(`console.orders.states.${o.status}`)}</td>
                      <td>{(o.amount / 100).toFixed(2)} {o.currency}</td>
                      <td>{o.credits}</td>
                      <td>{day(o.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Scroll>
          )}
        </>
      )}
    </Section>
  )
}
