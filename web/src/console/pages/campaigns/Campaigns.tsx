// Campaigns: a promotion or news mail to a brand's members, as the notify
// command sends it. The page previews how many members take that type (the
// engine counts them; members who opted out and house profiles are not
// among them), asks once more before sending, and follows the mails going
// out. The engine checks every rule and waits for the brand's quiet hours.
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { useLoad } from '../../../api/useLoad'
import { ConsoleError, type CampaignSent, type CampaignType, type ConsoleApi } from '../../api'
import { errorText } from '../../errors'
import { anyTenant, useCan } from '../../permissions'
import { Alert, Button, Card, Field, Heading, Input, Muted, colors } from '../../ui'
import { Select, useTenantPicker } from '../TenantPicker'

const Text = styled.textarea`
  font: inherit;
  padding: 10px 12px;
  border: 1px solid ${colors.line};
  border-radius: 6px;
  width: 100%;
  &[aria-invalid='true'] { border-color: ${colors.danger}; }
`
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
`

/** The fields a refusal of the engine points at. */
type FieldName = 'type' | 'key' | 'text' | 'path'
const refusals: Record<string, FieldName> = {
  campaign_type_invalid: 'type',
  campaign_key_invalid: 'key',
  campaign_text_invalid: 'text',
  campaign_path_invalid: 'path',
}

/** progressEvery is how often the page asks how far a sent campaign got. */
const progressEvery = 5000

/** Campaigns composes, previews and sends a brand's campaign and shows how far it got. */
export function Campaigns({ api }: { api: ConsoleApi }) {
  const { t, i18n } = useTranslation()
  const { tenant, picker, tenants } = useTenantPicker(api, 'campaign-brand', anyTenant('campaigns', 'read'))
  const maySend = useCan()(anyTenant('campaigns', 'write'), tenant)
  const [type, setType] = useState<CampaignType>('promotions')
  const [key, setKey] = useState('')
  const [text, setText] = useState('')
  const [path, setPath] = useState('/')
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<{ field: FieldName | ''; text: string } | null>(null)
  const [sent, setSent] = useState<CampaignSent | null>(null)

  // The audience of what is typed; once sent, of the campaign sent (its progress).
  const follow = sent ? { type: sent.type, key: sent.key } : { type, key: /^[A-Za-z0-9._-]{1,64}$/.test(key) ? key : '' }
  const state = useLoad(tenant ? `campaign|${tenant}|${follow.type}|${follow.key}` : null, () => api.campaign(tenant, follow.type, follow.key))
  const shown = state.latest
  const { reload } = state
  const going = sent !== null && shown !== null && shown.key === sent.key && shown.audience > 0
  useEffect(() => {
    if (!going) return
    const timer = window.setInterval(reload, progressEvery)
    return () => window.clearInterval(timer)
  }, [going, reload])

  const brand = tenants?.find((x) => x.slug === tenant)?.name ?? tenant
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  // When the page opened: a campaign starting more than a minute after it waits for the quiet hours.
  const [openedAt] = useState(() => Date.now())
  const waits = (iso: string) => new Date(iso).getTime() > openedAt + 60_000
  const later = shown !== null && waits(shown.starts_at)

  const send = async (e: FormEvent) => {
    e.preventDefault()
    setRefusal(null)
    if (!confirming) {
      setConfirming(true)
      return
    }
    setBusy(true)
    try {
      setSent(await api.sendCampaign(tenant, { type, key: key.trim(), text, path: path.trim() || '/' }))
      setConfirming(false)
    } catch (err) {
      setConfirming(false)
      const field = err instanceof ConsoleError ? refusals[err.code] : undefined
      setRefusal(field ? { field, text: t(`campaigns.refusals.${field}`) } : { field: '', text: errorText(t, err) })
    } finally {
      setBusy(false)
    }
  }

  const invalid = (f: FieldName) => (refusal?.field === f ? { 'aria-invalid': true as const, 'aria-describedby': 'campaign-refusal' } : {})

  return (
    <>
      <Heading>{t('campaigns.heading')}</Heading>
      <Muted>{t('campaigns.intro')}</Muted>
      {picker}
      {state.state.status === 'failed' && !refusal && <Alert role="alert">{errorText(t, state.state.error)}</Alert>}
      {tenant && !sent && (
        <Card aria-labelledby="campaign-compose">
          <h2 id="campaign-compose" style={{ fontSize: '1.125rem', marginTop: 0 }}>{t('campaigns.compose')}</h2>
          <form onSubmit={(e) => void send(e)}>
            <Field>
              <label htmlFor="campaign-type">{t('campaigns.type')}</label>
              <Select id="campaign-type" value={type} onChange={(e) => { setType(e.target.value as CampaignType); setConfirming(false) }} {...invalid('type')}>
                <option value="promotions">{t('campaigns.types.promotions')}</option>
                <option value="news">{t('campaigns.types.news')}</option>
              </Select>
            </Field>
            <Field>
              <label htmlFor="campaign-key">{t('campaigns.key')}</label>
              <Input id="campaign-key" value={key} required maxLength={64} pattern="[A-Za-z0-9._\-]+" autoComplete="off"
                onChange={(e) => { setKey(e.target.value); setConfirming(false) }} aria-describedby="campaign-key-hint" {...invalid('key')} />
              <small id="campaign-key-hint">{t('campaigns.keyHint')}</small>
            </Field>
            <Field>
              <label htmlFor="campaign-text">{t('campaigns.text')}</label>
              <Text id="campaign-text" value={text} required maxLength={2000} rows={5}
                onChange={(e) => { setText(e.target.value); setConfirming(false) }} aria-describedby="campaign-text-hint" {...invalid('text')} />
              <small id="campaign-text-hint">{t('campaigns.textHint', { language: shown?.language ?? '' })}</small>
            </Field>
            <Field>
              <label htmlFor="campaign-path">{t('campaigns.path')}</label>
              <Input id="campaign-path" value={path} maxLength={300} autoComplete="off"
                onChange={(e) => { setPath(e.target.value); setConfirming(false) }} aria-describedby="campaign-path-hint" {...invalid('path')} />
              <small id="campaign-path-hint">{t('campaigns.pathHint')}</small>
            </Field>
            <p role="status" data-testid="campaign-audience">
              {shown === null ? t('console.loading') : t('campaigns.audience', { count: shown.audience, brand })}
              {shown !== null && shown.sent > 0 && ` ${t('campaigns.hadIt', { count: shown.sent })}`}
              {later && shown !== null && ` ${t('campaigns.quiet', { time: when(shown.starts_at) })}`}
            </p>
            {refusal && <Alert role="alert" id="campaign-refusal">{refusal.text}</Alert>}
            {maySend ? (
              <Actions>
                {confirming && <strong>{t('campaigns.confirm', { count: shown?.audience ?? 0, brand })}</strong>}
                <Button type="submit" disabled={busy}>{confirming ? t('campaigns.sendNow') : t('campaigns.send')}</Button>
                {confirming && <Button type="button" $quiet onClick={() => setConfirming(false)}>{t('campaigns.cancel')}</Button>}
              </Actions>
            ) : (
              <Muted>{t('campaigns.readOnly')}</Muted>
            )}
          </form>
        </Card>
      )}
      {sent && (
        <Card aria-labelledby="campaign-progress">
          <h2 id="campaign-progress" style={{ fontSize: '1.125rem', marginTop: 0 }}>{t('campaigns.progressHeading', { key: sent.key })}</h2>
          <p role="status" data-testid="campaign-progress">
            {sent.already_queued ? t('campaigns.alreadyQueued') : t('campaigns.queued', { count: sent.audience })}{' '}
            {shown !== null && shown.key === sent.key &&
              (shown.audience === 0 ? t('campaigns.done', { count: shown.sent }) : t('campaigns.progress', { sent: shown.sent, count: shown.sent + shown.audience }))}
            {waits(sent.starts_at) && ` ${t('campaigns.quiet', { time: when(sent.starts_at) })}`}
          </p>
          <Actions>
            <Button type="button" $quiet onClick={reload}>{t('campaigns.refresh')}</Button>
            <Button type="button" $quiet onClick={() => { setSent(null); setKey(''); setText('') }}>{t('campaigns.another')}</Button>
          </Actions>
        </Card>
      )}
    </>
  )
}
