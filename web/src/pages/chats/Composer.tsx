import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Button } from '../../components/Button'
import { Camera, Gift, Icon } from '../../components/Icon'
import { useAppState } from '../../state/context'
import { formatAmount } from '../../i18n/amount'
import { composerState, minimumCost } from './rules'
import { color, radius, space } from '../../theme/theme'

const Form = styled.form`
  flex: none;
  min-width: 0;
  border-top: 1px solid ${color.border};
  padding: ${space(3)} ${space(4)};
  background: ${color.surface};
`

const Row = styled.div`
  display: flex;
  align-items: flex-end;
  gap: ${space(2)};
`

const Area = styled.textarea<{ $over: boolean }>`
  flex: 1 1 0;
  min-width: 0;
  width: 100%;
  min-height: 44px;
  max-height: 160px;
  padding: ${space(2)} ${space(3)};
  border: 1px solid ${(p) => (p.$over ? color.danger : color.border)};
  border-radius: ${radius.md};
  font: inherit;
  resize: vertical;
  background: ${color.background};
  color: ${color.text};
`

const Tool = styled.button`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  background: ${color.surface};
  font-size: 1.25rem;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${color.primary};
  }
`

const Hidden = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
`

const Send = styled(Button)`
  flex: none;
  white-space: nowrap;
`

const Info = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${space(2)};
  margin-top: ${space(1)};
  font-size: 0.8125rem;
  color: ${color.textMuted};
`

const Over = styled.span`
  color: ${color.danger};
  font-weight: 600;
`

export interface ComposerProps {
  name: string
  disabled?: boolean
  onSend: (text: string) => void
  onGift: () => void
  onPhoto: (file: File) => void
}

/**
 * Composer writes a message: a counter against message_length, the price
 * (message_credits) and the member's balance, and buttons for a gift and a
 * photo. Enter sends; Shift+Enter starts a new line.
 */
export function Composer({ name, disabled, onSend, onGift, onPhoto }: ComposerProps) {
  const { t, i18n } = useTranslation()
  const settings = useAppState((s) => s.settings)
  const credits = useAppState((s) => s.user?.credits ?? 0)
  const country = useAppState((s) => s.country)
  const [text, setText] = useState('')
  const file = useRef<HTMLInputElement>(null)
  const ids = { text: useId(), info: useId() }
  const state = composerState(text, settings, credits)
  const minimum = minimumCost(settings.minimum_message_costs, country)

  const submit = (e?: FormEvent) => {
    e?.preventDefault()
    if (!state.canSend || disabled) return
    onSend(text.trim())
    setText('')
  }
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e)
  }

  return (
    <Form onSubmit={submit} data-testid="chat-composer">
      <label htmlFor={ids.text} className="visually-hidden">
        {t('messenger.composer.label')}
      </label>
      <Row>
        <Tool type="button" onClick={onGift} disabled={disabled} aria-label={t('messenger.composer.gift')} title={t('messenger.composer.gift')} data-testid="chat-gift">
          <Icon icon={Gift} />
        </Tool>
        <Tool type="button" onClick={() => file.current?.click()} disabled={disabled} aria-label={t('messenger.composer.photo')} title={t('messenger.composer.photo')} data-testid="chat-photo-button">
          <Icon icon={Camera} />
        </Tool>
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
        <Area
          id={ids.text}
          name="message"
          value={text}
          rows={2}
          $over={state.over}
          disabled={disabled}
          aria-invalid={state.over || undefined}
          aria-describedby={ids.info}
          placeholder={t('messenger.composer.placeholder', { name })}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKey}
          data-testid="chat-input"
        />
        <Send type="submit" disabled={disabled || !state.canSend} data-testid="chat-send">
          {t('messenger.composer.send')}
        </Send>
      </Row>
      <Info id={ids.info}>
        <span data-testid="chat-cost">
          {t('messenger.composer.cost', { count: state.cost })} {t('messenger.composer.balance', { count: credits })}
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
