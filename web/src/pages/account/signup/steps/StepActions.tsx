import { useTranslation } from 'react-i18next'
import { Button } from '../../../../components/Button'
import { Actions } from '../../shared/ui'

export interface StepActionsProps {
  /** onNext shows the Next button (type submit when submit is set). */
  onNext?: () => void
  submit?: boolean
  onSkip?: () => void
  busy?: boolean
  /** disabled keeps Next off (e.g. until a choice is made). */
  disabled?: boolean
  nextKey?: string
}

/** StepActions are a step's Next and Skip buttons. */
export function StepActions({ onNext, submit, onSkip, busy, disabled, nextKey = 'signupFlow.next' }: StepActionsProps) {
  const { t } = useTranslation()
  return (
    <Actions>
      {(onNext || submit) && (
        <Button type={submit ? 'submit' : 'button'} disabled={busy || disabled} onClick={submit ? undefined : onNext} data-testid="signup-next">
          {busy ? t('signupFlow.busy') : t(nextKey)}
        </Button>
      )}
      {onSkip && (
        <Button type="button" $variant="ghost" disabled={busy} onClick={onSkip} data-testid="signup-skip">
          {t('signupFlow.skip')}
        </Button>
      )}
    </Actions>
  )
}
