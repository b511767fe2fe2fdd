import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { subscribePush } from '../../../../api/push'
import { useServices } from '../../../../state/context'
import { Notice } from '../../shared/ui'
import type { StepProps } from './types'
import { StepActions } from './StepActions'

/** PushStep offers push notifications (the existing subscribePush). */
export function PushStep({ onNext, onSkip }: StepProps) {
  const { t } = useTranslation()
  const { api, store } = useServices()
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const turnOn = async () => {
    setBusy(true)
    setFailed(false)
    try {
      await subscribePush(api, store)
      onNext()
    } catch {
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }
  return (
    <div data-testid="signup-step-push">
      <p>{t('signupFlow.push.lead')}</p>
      <Notice text={failed ? ['errors.tryLater'] : null} />
      <StepActions onNext={() => void turnOn()} onSkip={onSkip} busy={busy} nextKey="signupFlow.push.turnOn" />
    </div>
  )
}
