import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { useLoad } from '../../../api/useLoad'
import type { ConsoleApi, FlagDecision, FlagEvidence, TrustPhoto } from '../../api'
import { errorText } from '../../errors'
import { anyTenant, useCan } from '../../permissions'
import { Alert, Button, Card, CardList, Heading, Muted, colors } from '../../ui'
import { useTenantPicker } from '../TenantPicker'

const Pair = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: 16px;
  margin: 0 0 16px;
  figure { margin: 0; }
  img { display: block; width: 100%; max-width: 320px; height: auto; border-radius: 6px; border: 1px solid ${colors.line}; }
  figcaption { margin-top: 6px; }
`

const Rules = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 4px;
  li { overflow-wrap: anywhere; }
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`

const Messages = styled.ol`
  list-style: none;
  margin: 0 0 16px;
  padding: 0;
  display: grid;
  gap: 8px;
  li { padding: 8px 12px; border-radius: 6px; background: ${colors.page}; overflow-wrap: anywhere; }
`

/** SUSPEND_DAYS is how long a suspension decided from the queue lasts. */
const SUSPEND_DAYS = 7

/**
 * Flagged is the trust-and-safety queue of a brand: members whose risk
 * score reached the brand's threshold, with the evidence (both photos of a
 * match, only the flagged messages; every view is audited by the engine)
 * and the decisions: dismiss, or warn, suspend or ban the member through
 * the member actions, which then close the flag.
 */
export function Flagged({ api }: { api: ConsoleApi }) {
  const { t } = useTranslation()
  const can = useCan()
  const { tenant, picker } = useTenantPicker(api, 'flagged-brand', anyTenant('moderation', 'read'))
  const queue = useLoad(tenant ? `flags/${tenant}` : null, () => api.flags(tenant))
  const [open, setOpen] = useState(0)
  const evidence = useLoad(tenant && open ? `flag/${tenant}/${open}` : null, () => api.flagEvidence(tenant, open))
  const [error, setError] = useState('')
  const [done, setDone] = useState('')
  const [busy, setBusy] = useState(false)
  const mayDecide = can(anyTenant('moderation', 'write'), tenant)
  const shown = open !== 0 && evidence.state.status === 'done' ? evidence.state.data : null

  const decide = async (ev: FlagEvidence, decision: FlagDecision) => {
    setBusy(true)
    setError('')
    const member = ev.flag.member_id
    const reason = t('trust.reason', { signals: ev.flag.signals.map((s) => t(`trust.signal.${s}`)).join(', ') })
    try {
      if (decision === 'warned') await api.warnMember(tenant, member, reason)
      if (decision === 'suspended') {
        const until = new Date(Date.now() + SUSPEND_DAYS * 86_400_000).toISOString()
        await api.suspendMember(tenant, member, until, reason)
      }
      if (decision === 'banned') await api.banMember(tenant, member, reason)
      await api.decideFlag(tenant, ev.flag.id, decision)
      setDone(t(`trust.done.${decision}`, { name: ev.flag.name }))
      setOpen(0)
      queue.reload()
    } catch (err) {
      setError(errorText(t, err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Heading>{t('trust.heading')}</Heading>
      <Muted>{t('trust.intro')}</Muted>
      {picker}
      {done && <p role="status">{done}</p>}
      {error && <Alert role="alert">{error}</Alert>}
      {queue.state.status === 'failed' && <Alert role="alert">{errorText(t, queue.state.error)}</Alert>}
      {queue.state.status === 'loading' && tenant && <Muted>{t('console.loading')}</Muted>}
      {queue.state.status === 'done' && (
        <>
          <Card aria-labelledby="trust-rules">
            <h2 id="trust-rules">{t('trust.rules')}</h2>
            <Rules>
              <li>
                {t('trust.threshold')}: <strong>{queue.state.data.settings.threshold}</strong>
              </li>
              {Object.entries(queue.state.data.settings.weights).map(([signal, weight]) => (
                <li key={signal}>
                  {t(`trust.signal.${signal}`)}: <strong>{weight}</strong>
                </li>
              ))}
              <li>
                {t('trust.repeat')}:{' '}
                <strong>
                  {t('trust.repeatRule', {
                    members: queue.state.data.settings.repeat_members,
                    minutes: queue.state.data.settings.repeat_minutes,
                  })}
                </strong>
              </li>
            </Rules>
          </Card>
          {queue.state.data.flags.length === 0 ? (
            <Muted>{t('trust.empty')}</Muted>
          ) : (
            <CardList aria-label={t('trust.heading')}>
              {queue.state.data.flags.map((f) => (
                <li key={f.id}>
                  <strong>{f.name || t('trust.member', { id: f.member_id })}</strong>{' '}
                  <span>{t('trust.score', { score: f.score })}</span>
                  <Muted>{f.signals.map((s) => t(`trust.signal.${s}`)).join(', ')}</Muted>
                  <Button type="button" $quiet onClick={() => setOpen(f.id)} aria-expanded={open === f.id}>
                    {t('trust.show', { name: f.name || f.member_id })}
                  </Button>
                </li>
              ))}
            </CardList>
          )}
        </>
      )}
      {open !== 0 && evidence.state.status === 'failed' && <Alert role="alert">{errorText(t, evidence.state.error)}</Alert>}
      {shown && <Evidence ev={shown} busy={busy} mayDecide={mayDecide} onDecide={(d) => void decide(shown, d)} />}
    </>
  )
}

function Evidence({ ev, busy, mayDecide, onDecide }: { ev: FlagEvidence; busy: boolean; mayDecide: boolean; onDecide: (d: FlagDecision) => void }) {
  const { t } = useTranslation()
  const name = ev.flag.name || String(ev.flag.member_id)
  return (
    <Card aria-labelledby="trust-evidence">
      <h2 id="trust-evidence">{t('trust.evidence', { name })}</h2>
      <Muted>{t('trust.audited')}</Muted>
      {ev.signals
        .filter((s) => s.photo && s.match)
        .map((s, i) => (
          <section key={i} aria-label={t('trust.photoPair')}>
            <h3>{t('trust.photoMatch', { distance: s.distance ?? 0 })}</h3>
            <Pair>
              <PhotoSide photo={s.photo!} label={t('trust.thisPhoto')} />
              <PhotoSide photo={s.match!} label={t('trust.otherPhoto')} />
            </Pair>
          </section>
        ))}
      {ev.messages.length > 0 && (
        <section aria-labelledby="trust-messages">
          <h3 id="trust-messages">{t('trust.messages', { count: ev.messages.length })}</h3>
          <Messages>
            {ev.messages.map((m) => (
              <li key={m.id}>
                <Muted>{t('trust.to', { name: m.recipient_name || m.recipient_id, at: new Date(m.sent_at).toLocaleString() })}</Muted>
                {m.body}
              </li>
            ))}
          </Messages>
        </section>
      )}
      {mayDecide && ev.status === 'open' && (
        <Actions>
          {(['dismissed', 'warned', 'suspended', 'banned'] as const).map((d) => (
            <Button key={d} type="button" disabled={busy} $quiet={d === 'dismissed'} onClick={() => onDecide(d)}>
              {t(`trust.decide.${d}`)}
            </Button>
          ))}
        </Actions>
      )}
    </Card>
  )
}

function PhotoSide({ photo, label }: { photo: TrustPhoto; label: string }) {
  const { t } = useTranslation()
  const who = photo.name || String(photo.member_id)
  return (
    <figure>
      <img src={photo.url} alt={t('trust.photoOf', { name: who, brand: photo.tenant })} loading="lazy" />
      <figcaption>
        <strong>{label}</strong>: {who} ({photo.tenant}){photo.banned ? ` · ${t('trust.banned')}` : ''}
        <br />
        <Muted as="span">{t('trust.uploaded', { at: new Date(photo.uploaded_at).toLocaleString() })}</Muted>
      </figcaption>
    </figure>
  )
}
