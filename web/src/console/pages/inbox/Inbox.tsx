import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import type { ConsoleApi, InboxEntry, InboxThread } from '../../api'
import { errorText } from '../../errors'
import { Alert, Button, Card, Field, Heading, Muted, colors } from '../../ui'
import { anyTenant } from '../../permissions'
import { useTenantPicker } from '../TenantPicker'

const List = styled.ul`
  list-style: none;
  margin: 0 0 16px;
  padding: 0;
  display: grid;
  gap: 8px;
`

const Messages = styled.ol`
  list-style: none;
  margin: 0 0 16px;
  padding: 0;
  display: grid;
  gap: 8px;
  li { padding: 8px 12px; border-radius: 6px; background: ${colors.page}; }
  li[data-from-me='true'] { background: #e6edfb; margin-left: 24px; }
`

const Text = styled.textarea`
  font: inherit;
  padding: 10px 12px;
  border: 1px solid ${colors.line};
  border-radius: 6px;
  width: 100%;
  min-height: 96px;
`

/** newClientId names one send, so a retry of it is not sent twice. */
function newClientId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `c${Date.now()}${Math.random().toString(36).slice(2)}`
}

/**
 * POLL_MS is how often the inbox and an open conversation ask the engine
 * again. Staff are not members, so the member side's live event stream
 * (one per member) does not reach them; a bounded poll does: one request
 * at a time, the next only after the last answered, none while the tab is
 * hidden.
 */
export const POLL_MS = 4000

/**
 * usePoll runs tick at once and then ms after each run ended, one run at a
 * time, skipping runs while the tab is hidden; a new key (the brand) starts
 * over, and alive() turns false for the runs of the old one.
 */
function usePoll(tick: (alive: () => boolean) => Promise<unknown>, ms: number, key: string) {
  const latest = useRef(tick)
  useEffect(() => {
    latest.current = tick
  })
  useEffect(() => {
    if (!key) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const alive = () => !stopped
    const run = async () => {
      if (typeof document === 'undefined' || !document.hidden) {
        try {
          await latest.current(alive)
        } catch {
          // A failed refresh keeps what is shown; the next one tries again.
        }
      }
      if (!stopped) timer = setTimeout(() => void run(), ms)
    }
    void run()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [ms, key])
}

/**
 * Inbox is the chat operators' inbox of a brand: conversations waiting for a
 * house profile's answer, the one waiting longest first; open one and
 * answer as the house profile.
 */
export function Inbox({ api, pollMs = POLL_MS }: { api: ConsoleApi; pollMs?: number }) {
  const { t, i18n } = useTranslation()
  const { tenant, picker } = useTenantPicker(api, 'inbox-brand', anyTenant('house_profiles', 'read'))
  const [waiting, setWaiting] = useState<InboxEntry[] | null>(null)
  const [thread, setThread] = useState<InboxThread | null>(null)
  const [text, setText] = useState('')
  const [clientId, setClientId] = useState(newClientId)
  const [error, setError] = useState('')
  const [listError, setListError] = useState('')
  const [sendError, setSendError] = useState('')
  const [sent, setSent] = useState(false)
  const [busy, setBusy] = useState(false)

  // The list and the open conversation follow new messages by themselves.
  const openId = thread?.conversation.id ?? 0
  usePoll(
    async (alive) => {
      try {
        const a = await api.inbox(tenant)
        if (!alive()) return
        setWaiting(a.conversations)
        setListError('')
      } catch (err) {
        if (alive()) setListError(errorText(t, err))
        return
      }
      if (openId) {
        const th = await api.inboxThread(tenant, openId)
        if (alive()) setThread((cur) => (cur && cur.conversation.id === th.conversation.id ? th : cur))
      }
    },
    pollMs,
    tenant,
  )

  /** load asks for the list again at once (after an answer). */
  const load = () => {
    api.inbox(tenant).then(
      (a) => setWaiting(a.conversations),
      () => undefined,
    )
  }

  const open = async (id: number) => {
    setError('')
    setSent(false)
    setSendError('')
    try {
      setThread(await api.inboxThread(tenant, id))
      setText('')
      setClientId(newClientId())
    } catch (err) {
      setError(errorText(t, err))
    }
  }

  const send = async (e: FormEvent) => {
    e.preventDefault()
    if (!thread || !text.trim()) return
    setSendError('')
    setBusy(true)
    try {
      await api.answer(tenant, thread.conversation.id, text.trim(), clientId)
      setSent(true)
      setText('')
      setClientId(newClientId())
      setThread(await api.inboxThread(tenant, thread.conversation.id))
      load()
    } catch (err) {
      // The same client_id is kept, so sending again does not send twice.
      setSendError(errorText(t, err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Heading>{t('console.inbox.heading')}</Heading>
      {picker}
      {(error || listError) && <Alert role="alert">{error || listError}</Alert>}
      {!waiting && !error && !listError && <Muted role="status">{t('console.loading')}</Muted>}
      <Muted>{t('console.inbox.live')}</Muted>
      {waiting && waiting.length === 0 && <Muted>{t('console.inbox.empty')}</Muted>}
      {waiting && waiting.length > 0 && (
        <List aria-label={t('console.inbox.waiting')}>
          {waiting.map((w) => (
            <li key={w.conversation.id}>
              <Button type="button" $quiet style={{ width: '100%', textAlign: 'left' }} onClick={() => void open(w.conversation.id)}>
                {t('console.inbox.entry', {
                  member: w.profile.name ?? w.profile.id ?? '',
                  house: w.house.name,
                  since: new Date(w.waiting_since).toLocaleString(i18n.language),
                })}
              </Button>
            </li>
          ))}
        </List>
      )}
      {thread && (
        <Card aria-labelledby="inbox-thread">
          <h2 id="inbox-thread" style={{ margin: '0 0 8px', fontSize: '1.125rem' }}>
            {t('console.inbox.thread', { member: thread.profile.name ?? thread.profile.id ?? '', house: thread.house.name })}
          </h2>
          <Messages>
            {thread.messages.map((m) => (
              <li key={m.id} data-from-me={m.from_me}>
                <small style={{ color: colors.muted, display: 'block' }}>
                  {m.from_me
                    ? t('console.inbox.fromHouse', { by: thread.answered_by[String(m.id)] ?? thread.house.name })
                    : t('console.inbox.fromMember')}
                </small>
                {m.text ?? t('console.inbox.notText')}
              </li>
            ))}
          </Messages>
          {sent && <Muted role="status">{t('console.inbox.sent')}</Muted>}
          <form onSubmit={(e) => void send(e)} noValidate aria-label={t('console.inbox.answerForm')}>
            <Field>
              <label htmlFor="inbox-text">{t('console.inbox.answerAs', { house: thread.house.name })}</label>
              <Text id="inbox-text" value={text} onChange={(e) => setText(e.target.value)} aria-describedby={sendError ? 'inbox-error' : undefined} />
            </Field>
            {sendError && (
              <Alert role="alert" id="inbox-error">
                {sendError}
              </Alert>
            )}
            <Button type="submit" disabled={busy || !text.trim()}>
              {t('console.inbox.send')}
            </Button>
          </form>
        </Card>
      )}
    </>
  )
}
