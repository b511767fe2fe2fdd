// One member of a brand (/members/:tenant/:id), reached from the moderation
// lookup, complaints and orders: the profile, every photo (with approve,
// reject and take-down for moderators), warn, suspend and ban, and, for
// staff with money permissions only, the ledger, the orders and the credit
// correction. Without money:read the page never calls the money API.
import { useState, type FormEvent } from 'react'
import { useLoad } from '../../../api/useLoad'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import styled from 'styled-components'
import { ConsoleError, type ConsoleApi, type ModerationMember, type ModerationPhoto } from '../../api'
import { errorText } from '../../errors'
import { anyTenant, useCan } from '../../permissions'
import { Alert, Button, Card, Field, Heading, Input, Muted, colors } from '../../ui'
import { MemberActions, PhotoActions, memberStateText } from './MemberActions'

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
  dd { margin: 0; }
`
const Scroll = styled.div`
  overflow-x: auto;
  table { border-collapse: collapse; width: 100%; font-size: 0.9375rem; }
  th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid ${colors.line}; white-space: nowrap; }
  td.note { white-space: normal; min-width: 160px; }
`

const day = (iso?: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '—')

/** MemberPage shows one member of a brand with what the staff member may do about them. */
export function MemberPage({ api }: { api: ConsoleApi }) {
  const { t } = useTranslation()
  const { tenant = '', id = '' } = useParams()
  const can = useCan()
  const memberId = Number(id)
  const validId = Number.isInteger(memberId) && memberId > 0
  const shown = useLoad(validId ? `member|${tenant}|${memberId}` : null, () => api.member(tenant, memberId))
  const member = shown.state.status === 'done' ? shown.state.data.member : null
  const photos = shown.state.status === 'done' ? shown.state.data.photos : []
  const failed = shown.state.status === 'failed' ? shown.state.error : null
  const error = failed === null ? '' : failed instanceof ConsoleError && failed.code === 'member_not_found' ? t('console.members.notFound') : errorText(t, failed)
  const setMember = (m: ModerationMember) => shown.update((d) => ({ ...d, member: m }))
  const setPhotos = (change: (list: ModerationPhoto[]) => ModerationPhoto[]) => shown.update((d) => ({ ...d, photos: change(d.photos) }))
  const [photoError, setPhotoError] = useState('')
  const [done, setDone] = useState('')
  const moderate = can(anyTenant('moderation', 'write'), tenant)
  const money = can(anyTenant('money', 'read'), tenant)

  if (!validId) return <><Heading>{t('console.members.heading')}</Heading><Alert role="alert">{t('console.members.notFound')}</Alert></>
  if (error) return <><Heading>{t('console.members.heading')}</Heading><Alert role="alert">{error}</Alert></>
  if (!member) return <><Heading>{t('console.members.heading')}</Heading><Muted role="status">{t('console.loading')}</Muted></>

  return (
    <>
      <Heading>{t('console.members.title', { name: member.name, id: member.id })}</Heading>
      <p><Link to="/moderation">{t('console.members.back')}</Link></p>
      <Section aria-labelledby="member-profile">
        <h2 id="member-profile">{t('console.members.profile')}</h2>
        <Facts>
          <dt>{t('console.members.email')}</dt><dd>{member.email}</dd>
          <dt>{t('console.members.brand')}</dt><dd>{tenant}</dd>
          <dt>{t('console.members.state')}</dt><dd>{memberStateText(t, member)}</dd>
          {member.moderation_reason && <><dt>{t('console.members.reason')}</dt><dd>{member.moderation_reason}</dd></>}
          <dt>{t('console.members.language')}</dt><dd>{member.language ?? '—'}</dd>
          <dt>{t('console.members.signup')}</dt><dd>{day(member.signup_date)}</dd>
          <dt>{t('console.members.lastSeen')}</dt><dd>{day(member.last_seen_at)}</dd>
          {member.is_house && <><dt>{t('console.members.house')}</dt><dd>{t('console.members.yes')}</dd></>}
        </Facts>
      </Section>
      {moderate && (
        <Section aria-labelledby="member-actions">
          <h2 id="member-actions">{t('console.members.actions')}</h2>
          <Card>
            <MemberActions api={api} tenant={tenant} member={member} onChange={setMember} />
          </Card>
        </Section>
      )}
      <Section aria-labelledby="member-photos">
        <h2 id="member-photos">{t('console.members.photos.heading')}</h2>
        {photoError && <Alert role="alert">{photoError}</Alert>}
        <Muted role="status">{done}</Muted>
        {photos.length === 0 && <Muted>{t('console.members.photos.none')}</Muted>}
        {photos.length > 0 && (
          <Grid aria-label={t('console.members.photos.heading')}>
            {photos.map((p) => (
              <li key={p.id}>
                <PhotoActions api={api} tenant={tenant} photo={p} canAct={moderate}
                  onDone={(after, message) => {
                    setPhotos((list) => list.map((x) => (x.id === after.id ? { ...x, ...after } : x)))
                    setDone(message)
                    setPhotoError('')
                  }}
                  onError={(err) => setPhotoError(errorText(t, err))} />
              </li>
            ))}
          </Grid>
        )}
      </Section>
      {money && <MoneySection api={api} tenant={tenant} member={member} />}
    </>
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
  const loaded = useLoad(`money|${tenant}|${member.id}`, () => api.memberMoney(tenant, member.id))
  const money = loaded.latest
  const error = loaded.state.status === 'failed' ? errorText(t, loaded.state.error) : ''
  const [delta, setDelta] = useState('')
  const [reason, setReason] = useState('')
  const [refusal, setRefusal] = useState('')
  const [done, setDone] = useState('')
  const [busy, setBusy] = useState(false)

  const load = loaded.reload

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
        load()
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
