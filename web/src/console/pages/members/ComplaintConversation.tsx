// The conversation a complaint is about: members' conversations are shown
// only here, on purpose (a button, never on its own), and the engine logs
// every read in the audit log.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import type { ConsoleApi, ReviewedConversation } from '../../api'
import { ConsoleError } from '../../api'
import { errorText } from '../../errors'
import { Alert, Button, Muted, colors } from '../../ui'

const Messages = styled.ol`
  list-style: none;
  margin: 12px 0 0;
  padding: 0;
  display: grid;
  gap: 8px;
  li { border: 1px solid ${colors.line}; border-radius: 6px; padding: 8px 12px; }
  li[data-from-me='true'] { background: ${colors.page}; }
  small { color: ${colors.muted}; display: block; }
`

/** ComplaintConversation offers to read the conversation complaint is about, and shows it. */
export function ComplaintConversation({ api, tenant, complaint, reporter }: { api: ConsoleApi; tenant: string; complaint: number; reporter: string }) {
  const { t } = useTranslation()
  const [conv, setConv] = useState<ReviewedConversation | null>(null)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  const read = () => {
    setBusy(true)
    setError('')
    api.complaintConversation(tenant, complaint).then(
      (a) => {
        setBusy(false)
        setConv(a.conversation)
      },
      (err: unknown) => {
        setBusy(false)
        setError(
          err instanceof ConsoleError && (err.code === 'complaint_no_conversation' || err.code === 'conversation_none')
            ? t(`console.members.conversation.${err.code}`)
            : errorText(t, err),
        )
      },
    )
  }

  return (
    <section aria-labelledby={`conversation-${complaint}`} style={{ marginTop: 16 }}>
      <h4 id={`conversation-${complaint}`} style={{ margin: '0 0 8px' }}>{t('console.members.conversation.heading')}</h4>
      <Muted>{t('console.members.conversation.logged')}</Muted>
      {error && <Alert role="alert">{error}</Alert>}
      {!conv && (
        <Button type="button" $quiet disabled={busy} onClick={read}>
          {t('console.members.conversation.read')}
        </Button>
      )}
      {conv && conv.messages.length === 0 && <Muted>{t('console.members.conversation.empty')}</Muted>}
      {conv && conv.messages.length > 0 && (
        <Messages aria-label={t('console.members.conversation.heading')}>
          {conv.messages.map((m) => (
            <li key={m.id} data-from-me={m.from_me}>
              <small>
                {m.from_me ? reporter : (conv.profile.name ?? `#${conv.profile.id ?? ''}`)} · {m.created_at.slice(0, 16).replace('T', ' ')}
              </small>
              {m.text ?? t('console.members.conversation.kind', { kind: m.kind })}
            </li>
          ))}
        </Messages>
      )}
    </section>
  )
}
