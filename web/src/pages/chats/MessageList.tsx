import { Suspense, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import type { ChatMessage } from '../../boot/types'
import { Button } from '../../components/Button'
import { Dropdown } from '../../components/Dropdown'
import { Icon } from '../../components/Icon'
import { giftIcon } from '../../components/iconSets'
import { giftName } from '../../i18n/gifts'
import { codeText } from '../../api/serverErrors'
import { useShortTime } from './format'
import type { Failure, Pending } from './rules'
import { lazyPage } from '../../app/lazyPage'
import { color, radius, space } from '../../theme/theme'

/** ReportMessage, the dialog that reports a message, is in a chunk of its own: the chat's first render has no use for it. */
const ReportMessage = lazyPage(() => import('./ReportMessage'), 'ReportMessage')

// The log (a live region) scrolls; the messages inside are a list of their
// own, since an ol cannot take the log role and stay a list.
const Log = styled.div`
  flex: 1;
  overflow-y: auto;
`

const Items = styled.ol`
  margin: 0;
  padding: ${space(4)};
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: ${space(2)};
`

const Notice = styled.li`
  align-self: center;
  padding: ${space(1)} ${space(3)};
  border-radius: 999px;
  border: 1px solid ${color.border};
  background: ${color.surface};
  color: ${color.textMuted};
  font-size: 0.8125rem;
`

const Typing = styled.li`
  align-self: flex-start;
  padding: ${space(1)} ${space(3)};
  color: ${color.textMuted};
  font-size: 0.875rem;
  font-style: italic;
`

// A bubble's side and state are attributes, not props: its CSS stays static,
// so styled-components works its class out once for the whole list.
const Bubble = styled.li`
  position: relative;
  max-width: min(75%, 560px);
  padding: ${space(2)} ${space(3)};
  border-radius: ${radius.lg};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  align-self: flex-start;
  background: ${color.surface};
  color: ${color.text};
  border: 1px solid ${color.border};
  &[data-mine='true'] {
    align-self: flex-end;
    background: ${color.primary};
    color: ${color.onPrimary};
    border: none;
    a {
      color: ${color.onPrimary};
    }
  }
  &[data-status='failed'] {
    opacity: 0.85;
    outline: 2px solid ${color.danger};
  }
`

const Meta = styled.small`
  display: block;
  margin-top: ${space(1)};
  font-size: 0.75rem;
`

const GiftIcon = styled.span`
  display: block;
  font-size: 2.5rem;
  line-height: 1.2;
`

const PhotoLink = styled.a`
  display: block;
  img {
    display: block;
    max-width: 220px;
    max-height: 260px;
    border-radius: ${radius.md};
  }
`

const Progress = styled.progress`
  display: block;
  width: 100%;
  margin-top: ${space(1)};
`

const Row = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
  margin-top: ${space(2)};
  button {
    min-height: 32px;
    padding: 0 ${space(3)};
    background: ${color.surface};
    color: ${color.text};
  }
`

function Body({ m }: { m: ChatMessage }) {
  const { t } = useTranslation()
  if (m.kind === 'gift') {
    return (
      <>
        <GiftIcon><Icon icon={giftIcon(m.gift?.icon)} /></GiftIcon>
        {t('messenger.message.gift', { name: giftName(t, m.gift) })}
      </>
    )
  }
  if (m.kind === 'photo' && m.photo) {
    return (
      <PhotoLink href={m.photo.url} target="_blank" rel="noopener" aria-label={t('messenger.message.openPhoto')}>
        <img src={m.photo.thumb_url || m.photo.url} alt={t('messenger.message.photo')} data-testid="chat-photo" />
      </PhotoLink>
    )
  }
  return <>{m.text}</>
}

// The menu of a received message sits beside its bubble, so the bubble is
// as tall as it is without it (the engine's first paint has no menu).
const MenuSpot = styled.span`
  position: absolute;
  left: calc(100% + ${space(1)});
  bottom: 0;
  button[aria-haspopup] {
    min-height: 32px;
    padding: 0 ${space(2)};
    font-size: 0.75rem;
  }
`

function Message({ m, onReport }: { m: ChatMessage; onReport: () => void }) {
  const { t } = useTranslation()
  const time = useShortTime(m.created_at)
  const waiting = m.from_me && m.photo && m.photo.status !== 'active' ? m.photo : null
  return (
    <Bubble
      data-testid="chat-message"
      data-kind={m.kind}
      data-mine={m.from_me ? 'true' : 'false'}
      data-read={m.from_me && m.read ? 'true' : undefined}
      // A long press on a phone (or a right click) opens the report of a received message.
      onContextMenu={m.from_me ? undefined : (e) => {
        e.preventDefault()
        onReport()
      }}
    >
      <Body m={m} />
      {waiting && (
        <Meta data-testid="chat-photo-waiting">
          {waiting.status === 'pending' ? t('messenger.message.photoWaiting') : t('messenger.message.photoRejected', { reason: waiting.reject_reason ?? '' })}
        </Meta>
      )}
      <Meta>
        {/* Only the member's own messages carry a sending state; an incoming one shows its time. */}
        <time dateTime={m.created_at}>{m.from_me ? t('messenger.message.sentAt', { time }) : time}</time>
        {m.from_me && m.read && <span data-testid="chat-read">{` · ${t('messenger.message.read')}`}</span>}
      </Meta>
      {!m.from_me && (
        <MenuSpot>
          <Dropdown
            label="⋯"
            accessibleLabel={t('messenger.report.menu', { time })}
            align="right"
            items={[{ key: 'report', label: t('messenger.report.action'), onSelect: onReport }]}
          />
        </MenuSpot>
      )}
    </Bubble>
  )
}

function useRefusal(f: Failure | undefined): string {
  const { t, i18n } = useTranslation()
  if (!f) return ''
  if (f.kind === 'credits') return t('messenger.prompt.notEnoughCredits', { name: f.name })
  if (f.kind === 'premium') return t('messenger.prompt.premiumOnly')
  if (f.kind === 'retry') return t('messenger.refused.retry')
  const key = `messenger.refused.${f.code}`
  const general = codeText(f.code, f.fields)
  if (general) return t(general[0], general[1])
  return i18n.exists(key) ? t(key, { ...f.fields } as Record<string, string>) : f.message
}

function Outgoing({ p, onRetry, onDiscard }: { p: Pending; onRetry: () => void; onDiscard: () => void }) {
  const { t } = useTranslation()
  const reason = useRefusal(p.failure)
  const c = p.content
  return (
    <Bubble data-testid="chat-pending" data-mine="true" data-status={p.status}>
      {'text' in c && c.text}
      {'gift' in c && (
        <>
          <GiftIcon><Icon icon={giftIcon(c.gift.icon)} /></GiftIcon>
          {t('messenger.message.gift', { name: giftName(t, c.gift) })}
        </>
      )}
      {'file' in c && (
        <PhotoLink as="span">
          <img src={c.preview} alt={t('messenger.message.photo')} />
        </PhotoLink>
      )}
      {p.status === 'sending' && typeof p.progress === 'number' && (
        <Progress max={100} value={Math.round(p.progress * 100)} aria-label={t('messenger.message.uploading', { percent: Math.round(p.progress * 100) })} data-testid="chat-upload-progress" />
      )}
      <Meta role={p.status === 'failed' ? 'alert' : undefined}>
        {p.status === 'sending'
          ? typeof p.progress === 'number'
            ? t('messenger.message.uploading', { percent: Math.round(p.progress * 100) })
            : t('messenger.message.sending')
          : t('messenger.message.notSent', { reason })}
      </Meta>
      {p.status === 'failed' && (
        <Row>
          <Button type="button" $variant="secondary" onClick={onRetry} data-testid="chat-retry">
            {t('messenger.message.retry')}
          </Button>
          <Button type="button" $variant="secondary" onClick={onDiscard}>
            {t('messenger.message.discard')}
          </Button>
        </Row>
      )}
    </Bubble>
  )
}

export interface MessageListProps {
  name: string
  messages: ChatMessage[]
  outbox: Pending[]
  olderHidden: boolean
  /** typing: the other member is writing; shown after the messages. */
  typing?: boolean
  onRetry: (p: Pending) => void
  onDiscard: (p: Pending) => void
}

/** MessageList shows a conversation oldest first and keeps the newest in view. */
export function MessageList({ name, messages, outbox, olderHidden, typing = false, onRetry, onDiscard }: MessageListProps) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDivElement>(null)
  const [reporting, setReporting] = useState<ChatMessage | null>(null)
  const last = messages[messages.length - 1]?.id
  const size = messages.length + outbox.length
  useEffect(() => {
    const el = ref.current
    if (el) el.scrollTop = el.scrollHeight
  }, [last, size, typing])
  return (
    <Log ref={ref} role="log" aria-live="polite" aria-label={t('messenger.log', { name })} data-testid="chat-messages" tabIndex={0}>
      <Items>
        {olderHidden && <Notice data-testid="chat-older-hidden">{t('messenger.olderHidden')}</Notice>}
        {messages.length === 0 && outbox.length === 0 && <Notice>{t('messenger.noMessages', { name })}</Notice>}
        {messages.map((m) => (
          <Message key={m.id} m={m} onReport={() => setReporting(m)} />
        ))}
        {outbox.map((p) => (
          <Outgoing key={p.clientId} p={p} onRetry={() => onRetry(p)} onDiscard={() => onDiscard(p)} />
        ))}
        {typing && <Typing data-testid="chat-typing">{t('messenger.typing', { name })}</Typing>}
      </Items>
      {reporting && (
        <Suspense fallback={null}>
          <ReportMessage m={reporting} name={name} onClose={() => setReporting(null)} />
        </Suspense>
      )}
    </Log>
  )
}
