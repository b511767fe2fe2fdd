import { Suspense, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Camera, Gift, Icon, Plus, SendHorizontal } from '../../components/Icon'
import { useAppState } from '../../state/context'
import { formatAmount } from '../../i18n/amount'
import { lazyPage } from '../../app/lazyPage'
import { draftKey, dropSentDraft, loadDraft, saveDraft } from './draft'
import { composerState, minimumCost } from './rules'
import { color, space } from '../../theme/theme'

// The credit offer (with the credits area's packages) shows only once a text
// the balance cannot pay is written: its chunk comes then, not with the chat.
const CreditOffer = lazyPage(() => import('./CreditOffer'), 'CreditOffer')

// The composer on a phone: the text box takes the row between one '+'
// button (gift and photo) and an icon send button, so a 390 px screen
// leaves it more than 70% of the width. engine/webapp/firstpaintchat.go
// draws the same row before the app runs: keep the two alike.

const Form = styled.form`
  flex: none;
  min-width: 0;
  border-top: 1px solid ${color.border};
  padding: ${space(2)};
  background: ${color.surface};
`

const Row = styled.div`
  display: flex;
  align-items: flex-end;
  gap: ${space(1)};
`

/** Area grows with its text up to a few lines (rows 1); font-size 1rem keeps phones from zooming in. */
const Area = styled.textarea<{ $over: boolean }>`
  flex: 1 1 0;
  min-width: 0;
  width: 100%;
  height: 44px;
  min-height: 44px;
  max-height: 160px;
  padding: 10px ${space(3)};
  border: 1px solid ${(p) => (p.$over ? color.danger : color.control)};
  border-radius: 22px;
  font: inherit;
  font-size: 1rem;
  line-height: 22px;
  resize: none;
  overflow-y: auto;
  background: ${color.background};
  color: ${color.text};
  &::placeholder {
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
`

/** Round is the row's icon button: a 44 px circle. */
const Round = styled.button`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  padding: 0;
  border: 1px solid ${color.control};
  border-radius: 50%;
  background: ${color.surface};
  color: ${color.text};
  font-size: 1.25rem;
  cursor: pointer;
  &[aria-expanded='true'] {
    background: ${color.text};
    color: ${color.surface};
  }
  &:focus-visible {
    outline: 2px solid ${color.primary};
    outline-offset: 2px;
  }
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
`

const Send = styled(Round)`
  border-color: ${color.primary};
  background: ${color.primary};
  color: ${color.onPrimary};
`

/** Tray holds the gift and photo buttons while '+' is open, above the row. */
const Tray = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
  margin-bottom: ${space(2)};
`

const TrayButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${space(2)};
  min-height: 44px;
  padding: 0 ${space(4)};
  border: 1px solid ${color.control};
  border-radius: 22px;
  background: ${color.surface};
  color: ${color.text};
  font: inherit;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${color.primary};
    outline-offset: 2px;
  }
`

const Hidden = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
`

const Info = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 0 ${space(2)};
  margin-top: ${space(1)};
  padding: 0 ${space(2)};
  font-size: 0.8125rem;
  color: ${color.textMuted};
`

const Over = styled.span`
  color: ${color.danger};
  font-weight: 600;
`

/** Outcome is what became of a text handed to onSend. */
export type Outcome = 'sent' | 'credits' | 'failed'

export interface ComposerProps {
  name: string
  /** profileId is the other member: the draft is kept per conversation with them. */
  profileId: number
  /** freeLeft is the member's free messages left (the server's free_messages_left). */
  freeLeft: number
  disabled?: boolean
  onSend: (text: string) => Promise<Outcome>
  onGift: () => void
  onPhoto: (file: File) => void
}

/**
 * Composer writes a message: the text box, '+' for a gift or a photo, the
 * send button, and under them what the next message costs (free while the
 * member's free messages last, else its credits and the balance) and the
 * characters left. When the balance cannot pay, a text the member writes
 * brings the credit packages instead of a send. The text is kept as the conversation's draft
 * until it is sent. Enter sends; Shift+Enter starts a new line.
 */
export function Composer({ name, profileId, freeLeft, disabled, onSend, onGift, onPhoto }: ComposerProps) {
  const { t, i18n } = useTranslation()
  const settings = useAppState((s) => s.settings)
  const credits = useAppState((s) => s.user?.credits ?? 0)
  const member = useAppState((s) => s.user?.id ?? 0)
  const country = useAppState((s) => s.country)
  const key = draftKey(member, profileId)
  const [text, setText] = useState(() => loadDraft(key))
  const [tools, setTools] = useState(false)
  const file = useRef<HTMLInputElement>(null)
  const area = useRef<HTMLTextAreaElement>(null)
  const ids = { text: useId(), info: useId(), tray: useId() }
  const state = composerState(text, settings, credits, freeLeft)
  const minimum = minimumCost(settings.minimum_message_costs, country)

  // The text box grows with its lines, up to its max-height.
  useLayoutEffect(() => {
    const el = area.current
    if (!el) return
    el.style.height = ''
    if (el.scrollHeight > el.clientHeight) el.style.height = `${el.scrollHeight + 2}px`
  }, [text])

  const write = (value: string) => {
    setText(value)
    saveDraft(key, value)
  }
  const submit = (e?: FormEvent) => {
    e?.preventDefault()
    if (!state.canSend || disabled) return
    const draft = text
    // The draft stays stored until the server has the message.
    setText('')
    void onSend(draft.trim()).then((outcome) => {
      if (outcome === 'sent') dropSentDraft(key, draft)
      else if (outcome === 'credits') setText((now) => (now === '' ? draft : now))
    })
  }
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e)
  }

  return (
    <Form onSubmit={submit} data-testid="chat-composer">
      {state.short && !state.empty && (
        <Suspense fallback={null}>
          <CreditOffer />
        </Suspense>
      )}
      {tools && (
        <Tray id={ids.tray}>
          <TrayButton type="button" onClick={() => {
              setTools(false)
              onGift()
            }} disabled={disabled} data-testid="chat-gift">
            <Icon icon={Gift} />
            {t('messenger.composer.gift')}
          </TrayButton>
          <TrayButton type="button" onClick={() => {
              setTools(false)
              file.current?.click()
            }} disabled={disabled} data-testid="chat-photo-button">
            <Icon icon={Camera} />
            {t('messenger.composer.photo')}
          </TrayButton>
        </Tray>
      )}
      <Hidden
        ref={file}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="chat-photo-input"
        onChange={(e) => {
          const f = e.target.files?.[0]
          if (f) onPhoto(f)
          e.target.value = ''
        }}
      />
      <label htmlFor={ids.text} className="visually-hidden">
        {t('messenger.composer.label')}
      </label>
      <Row>
        <Round
          type="button"
          onClick={() => setTools((open) => !open)}
          disabled={disabled}
          aria-label={t('messenger.composer.more')}
          title={t('messenger.composer.more')}
          aria-expanded={tools}
          aria-controls={tools ? ids.tray : undefined}
          data-testid="chat-more"
        >
          <Icon icon={Plus} />
        </Round>
        <Area
          ref={area}
          id={ids.text}
          name="message"
          value={text}
          rows={1}
          $over={state.over}
          disabled={disabled}
          aria-invalid={state.over || undefined}
          aria-describedby={ids.info}
          placeholder={t('messenger.composer.placeholder', { name })}
          onChange={(e) => write(e.target.value)}
          onKeyDown={onKey}
          data-testid="chat-input"
        />
        <Send
          type="submit"
          disabled={disabled || !state.canSend}
          aria-label={t('messenger.composer.send')}
          title={t('messenger.composer.send')}
          data-testid="chat-send"
        >
          <Icon icon={SendHorizontal} />
        </Send>
      </Row>
      <Info id={ids.info}>
        <span data-testid="chat-cost">
          {state.free
            ? t('messenger.composer.free', { count: freeLeft })
            : `${t('messenger.composer.cost', { count: state.cost })} ${t('messenger.composer.balance', { count: credits })}`}
          {minimum ? ` ${t('messenger.composer.minimum', { price: formatAmount(minimum.costs, minimum.currency, i18n.language) })}` : ''}
        </span>
        {state.over ? (
          <Over role="alert">{t('messenger.composer.tooLong', { max: state.max })}</Over>
        ) : (
          Number.isFinite(state.max) && <span data-testid="chat-counter">{t('messenger.composer.counter', { length: state.length, max: state.max })}</span>
        )}
      </Info>
    </Form>
  )
}
