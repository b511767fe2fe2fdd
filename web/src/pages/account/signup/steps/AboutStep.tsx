import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Field, Label, TextArea } from '../../../../components/Form'
import { useServices } from '../../../../state/context'
import { accountApi } from '../../api'
import { accountErrorText, type Text } from '../../shared/errors'
import { Muted, Notice } from '../../shared/ui'
import type { StepProps } from './types'
import { StepActions } from './StepActions'

/** ABOUT_ME_MAX: the engine's limit of the about-me text, in characters. */
export const ABOUT_ME_MAX = 2000

/** AboutStep: the about-me text (PUT /api/profile.php). */
export function AboutStep({ onNext, onSkip }: StepProps) {
  const { t } = useTranslation()
  const { api } = useServices()
  const id = useId()
  const [text, setText] = useState('')
  const [error, setError] = useState<Text | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!text.trim()) {
      onSkip()
      return
    }
    setBusy(true)
    setError(null)
    try {
      await accountApi(api).updateProfile({ about_me: text.trim() })
      onNext()
    } catch (err) {
      setError(accountErrorText(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} data-testid="signup-step-about">
      <Notice text={error} testId="signup-error" />
      <Field>
        <Label htmlFor={`${id}-about`}>{t('signupFlow.about.label')}</Label>
        <TextArea
          id={`${id}-about`}
          name="about_me"
          rows={6}
          maxLength={ABOUT_ME_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`${id}-count`}
        />
        <Muted id={`${id}-count`}>{t('signupFlow.about.count', { length: text.length, max: ABOUT_ME_MAX })}</Muted>
      </Field>
      <StepActions submit onSkip={onSkip} busy={busy} />
    </form>
  )
}
