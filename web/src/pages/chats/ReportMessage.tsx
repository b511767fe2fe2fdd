// Reporting a message from the chat: a member tells the site's team what is
// wrong with a message they received, and the complaint carries the message
// itself (the engine checks it is one of the member's conversations).
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import type { ChatMessage } from '../../boot/types'
import { codeText } from '../../api/serverErrors'
import { Button } from '../../components/Button'
import { Field, Label, TextArea } from '../../components/Form'
import { Modal } from '../../components/Modal'
import { errorText } from '../../i18n/errorText'
import { giftName } from '../../i18n/gifts'
import { useServices } from '../../state/context'
import { color, radius, space } from '../../theme/theme'

/** reportMin is the shortest reason the engine takes (a complaint's message). */
const reportMin = 10

const Quote = styled.blockquote`
  margin: 0 0 ${space(4)};
  padding: ${space(2)} ${space(3)};
  border-left: 4px solid ${color.border};
  border-radius: ${radius.sm};
  background: ${color.background};
  overflow-wrap: anywhere;
  white-space: pre-wrap;
`

/** ReportMessage is the dialog that reports message m from name. */
export function ReportMessage({ m, name, onClose }: { m: ChatMessage; name: string; onClose: () => void }) {
  const { t } = useTranslation()
  const { api } = useServices()
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [sent, setSent] = useState(false)
  const id = useId()

  const send = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    setError('')
    try {
      await api.http.post('/api/complaints.php', { category: 'message', message_id: m.id, message: reason.trim() })
      setSent(true)
    } catch (err) {
      setError(errorText(t, err, [codeText], 'errors.tryLater'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal open title={t('messenger.report.title', { name })} onClose={onClose} testId="chat-report">
      {sent ? (
        <>
          <p role="status">{t('messenger.report.sent')}</p>
          <Button type="button" onClick={onClose}>{t('messenger.report.close')}</Button>
        </>
      ) : (
        <form onSubmit={(e) => void send(e)}>
          <Quote>{m.kind === 'text' ? m.text : m.kind === 'photo' ? t('messenger.message.photo') : t('messenger.message.gift', { name: giftName(t, m.gift) })}</Quote>
          <Field>
            <Label htmlFor={`${id}-reason`}>{t('messenger.report.reason')}</Label>
            <TextArea id={`${id}-reason`} $rows={4} value={reason} maxLength={5000} required minLength={reportMin} onChange={(e) => setReason(e.target.value)} />
          </Field>
          {error && <p role="alert" style={{ color: color.danger }}>{error}</p>}
          <Button type="submit" disabled={busy || reason.trim().length < reportMin}>{t('messenger.report.send')}</Button>
        </form>
      )}
    </Modal>
  )
}
