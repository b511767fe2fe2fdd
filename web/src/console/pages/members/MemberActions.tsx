// What moderators do about one member and one photo, shared by the
// moderation page (queue, lookup) and the member page: warn, suspend and
// ban (ban behind a confirm), and a photo's approve, reject or take-down
// (post-moderation: a visible photo is taken down with a reason the member
// sees). The engine enforces every rule and writes the audit row.
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import type { ConsoleApi, ModerationMember, ModerationPhoto } from '../../api'
import { errorText } from '../../errors'
import { Alert, Button, Card, Field, Input, Muted } from '../../ui'

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`

/** memberStateText words a member's state: banned, suspended until, or their status. */
export function memberStateText(t: ReturnType<typeof useTranslation>['t'], member: ModerationMember): string {
  if (member.banned_at) return t('console.moderation.members.banned')
  if (member.suspended_until) return t('console.moderation.members.suspendedUntil', { until: member.suspended_until.slice(0, 16).replace('T', ' ') })
  return t('console.moderation.members.statusIs', { status: member.status })
}

/** MemberActions warns, suspends (for some days) or bans (after a confirm) a member, with a reason. */
export function MemberActions({ api, tenant, member, onChange }: {
  api: ConsoleApi
  tenant: string
  member: ModerationMember
  onChange: (m: ModerationMember) => void
}) {
  const { t } = useTranslation()
  const [reason, setReason] = useState('')
  const [days, setDays] = useState('7')
  const [confirmBan, setConfirmBan] = useState(false)
  const [error, setError] = useState('')
  const [done, setDone] = useState('')
  const id = `member-${member.id}`

  const run = (p: Promise<{ member: ModerationMember }>, message: string) => {
    setError('')
    p.then(
      (a) => {
        onChange(a.member)
        setDone(message)
        setConfirmBan(false)
      },
      (err: unknown) => setError(errorText(t, err)),
    )
  }
  const until = () => new Date(Date.now() + Math.max(1, Number(days) || 1) * 86_400_000).toISOString()
  const text = reason.trim()

  return (
    <div>
      <Field>
        <label htmlFor={`${id}-reason`}>{t('console.moderation.members.reason')}</label>
        <Input id={`${id}-reason`} value={reason} maxLength={2000} onChange={(e) => setReason(e.target.value)} />
      </Field>
      <Field>
        <label htmlFor={`${id}-days`}>{t('console.moderation.members.days')}</label>
        <Input id={`${id}-days`} type="number" min={1} max={366} value={days} onChange={(e) => setDays(e.target.value)} />
      </Field>
      {error && <Alert role="alert">{error}</Alert>}
      <Muted role="status">{done}</Muted>
      <Row>
        <Button type="button" $quiet disabled={!text} onClick={() => run(api.warnMember(tenant, member.id, text), t('console.moderation.members.warned'))}>
          {t('console.moderation.members.warn')}
        </Button>
        <Button type="button" $quiet disabled={!text} onClick={() => run(api.suspendMember(tenant, member.id, until(), text), t('console.moderation.members.suspended'))}>
          {t('console.moderation.members.suspend')}
        </Button>
        {!confirmBan && (
          <Button type="button" $quiet disabled={!text || !!member.banned_at} onClick={() => setConfirmBan(true)}>
            {t('console.moderation.members.ban')}
          </Button>
        )}
      </Row>
      {confirmBan && (
        <div role="alertdialog" aria-labelledby={`${id}-confirm`} style={{ marginTop: 12 }}>
          <p id={`${id}-confirm`}>{t('console.moderation.members.banConfirm', { name: member.name })}</p>
          <Row>
            <Button type="button" onClick={() => run(api.banMember(tenant, member.id, text), t('console.moderation.members.bannedNow'))}>
              {t('console.moderation.members.banYes')}
            </Button>
            <Button type="button" $quiet onClick={() => setConfirmBan(false)}>{t('console.moderation.members.cancel')}</Button>
          </Row>
        </div>
      )}
    </div>
  )
}

/**
 * PhotoActions is one photo with what a moderator may do to it: a pending
 * one is approved or rejected, a visible one taken down, both with a reason
 * the member sees; a rejected one shows its reason. canAct false shows the
 * photo only. onDone gets the photo as the engine answers it.
 */
export function PhotoActions({ api, tenant, photo, canAct = true, onDone, onError }: {
  api: ConsoleApi
  tenant: string
  photo: ModerationPhoto
  canAct?: boolean
  onDone: (photo: ModerationPhoto, message: string) => void
  onError: (err: unknown) => void
}) {
  const { t } = useTranslation()
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const who = photo.profile_name ?? String(photo.profile_id ?? '')
  const label = who ? t('console.moderation.photos.photoOf', { id: photo.id, name: who }) : t('console.members.photos.photo', { id: photo.id })
  const run = (p: Promise<{ photo: ModerationPhoto }>, message: string) => {
    setBusy(true)
    p.then(
      (a) => {
        setBusy(false)
        setReason('')
        onDone(a.photo ?? photo, message)
      },
      (err: unknown) => {
        setBusy(false)
        onError(err)
      },
    )
  }
  const reject = (e: FormEvent) => {
    e.preventDefault()
    const message = photo.status === 'active' ? t('console.members.photos.takenDown', { id: photo.id }) : t('console.moderation.photos.rejected', { id: photo.id })
    run(api.rejectPhoto(tenant, photo.id, reason.trim()), message)
  }
  const reasonId = `reject-reason-${photo.id}`
  return (
    <Card aria-label={label}>
      <img src={photo.thumb_url} alt={label} loading="lazy" />
      <p style={{ margin: '0 0 8px' }}>{t(`console.members.photos.status.${photo.status}`)}</p>
      {photo.status === 'rejected' && photo.reject_reason && <p style={{ margin: '0 0 8px' }}>{t('console.members.photos.reasonWas', { reason: photo.reject_reason })}</p>}
      {canAct && photo.status === 'pending' && (
        <Row>
          <Button type="button" disabled={busy} onClick={() => run(api.approvePhoto(tenant, photo.id), t('console.moderation.photos.approved', { id: photo.id }))}>
            {t('console.moderation.photos.approve')}
          </Button>
        </Row>
      )}
      {canAct && photo.status !== 'rejected' && (
        <form onSubmit={reject} style={{ marginTop: 12 }}>
          <Field>
            <label htmlFor={reasonId}>{photo.status === 'active' ? t('console.members.photos.takeDownReason') : t('console.moderation.photos.reason')}</label>
            <Input id={reasonId} value={reason} maxLength={500} required onChange={(e) => setReason(e.target.value)} />
          </Field>
          <Button type="submit" $quiet disabled={busy || !reason.trim()}>
            {photo.status === 'active' ? t('console.members.photos.takeDown') : t('console.moderation.photos.reject')}
          </Button>
        </form>
      )}
    </Card>
  )
}
