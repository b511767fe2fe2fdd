import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../../components/Button'
import { useAppState, useServices } from '../../../../state/context'
import { accountApi } from '../../api'
import { accountErrorText, type Text } from '../../shared/errors'
import { Actions, Muted, Notice } from '../../shared/ui'

/** ConfirmStep: the last step, the e-mail confirmation, with a second mail on request. */
export function ConfirmStep({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation()
  const { api } = useServices()
  const email = useAppState((s) => s.user?.email ?? '')
  const [notice, setNotice] = useState<{ text: Text; tone: 'danger' | 'success' } | null>(null)
  const [busy, setBusy] = useState(false)
  const resend = async () => {
    setBusy(true)
    try {
      await accountApi(api).resendActivation()
      setNotice({ text: ['signupFlow.confirm.sent', { email }], tone: 'success' })
    } catch (err) {
      setNotice({ text: accountErrorText(err), tone: 'danger' })
    } finally {
      setBusy(false)
    }
  }
  return (
    <div data-testid="signup-step-confirm">
      <p data-testid="signup-confirm-text">{t('signupFlow.confirm.text', { email })}</p>
      <Muted>{t('signupFlow.confirm.spam')}</Muted>
      {notice && <Notice text={notice.text} tone={notice.tone} />}
      <Actions>
        <Button type="button" onClick={onDone} data-testid="signup-done">
          {t('signupFlow.confirm.done')}
        </Button>
        <Button type="button" $variant="secondary" disabled={busy} onClick={() => void resend()} data-testid="signup-resend">
          {t('signupFlow.confirm.resend')}
        </Button>
      </Actions>
    </div>
  )
}
