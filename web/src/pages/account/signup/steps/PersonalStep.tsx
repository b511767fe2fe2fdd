import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Field, Label, Select } from '../../../../components/Form'
import { useServices } from '../../../../state/context'
import { accountApi, type ProfileUpdate } from '../../api'
import { accountErrorText, type Text } from '../../shared/errors'
import { Notice } from '../../shared/ui'
import type { StepProps } from './types'
import { StepActions } from './StepActions'

/** The personal details the step asks, with the values the engine accepts. */
export const PERSONAL_FIELDS = {
  sexuality: ['hetero', 'gay', 'lesbian', 'bi'],
  relationship_status: ['single', 'divorced', 'widowed', 'separated', 'in_relationship', 'married', 'open_relationship'],
  body_type: ['slim', 'athletic', 'average', 'curvy', 'muscular', 'full_figured'],
  hair_color: ['black', 'brown', 'blonde', 'red', 'grey', 'bald', 'other'],
  eye_color: ['brown', 'blue', 'green', 'grey', 'hazel', 'other'],
  tattoos: ['none', 'some', 'many'],
} as const

export type PersonalField = keyof typeof PERSONAL_FIELDS

/** PersonalStep asks the personal details (PUT /api/profile.php); each one may stay empty. */
export function PersonalStep({ onNext, onSkip }: StepProps) {
  const { t } = useTranslation()
  const { api } = useServices()
  const id = useId()
  const [values, setValues] = useState<Partial<Record<PersonalField, string>>>({})
  const [error, setError] = useState<Text | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const update: ProfileUpdate = {}
    for (const [k, v] of Object.entries(values)) if (v) update[k as PersonalField] = v
    if (Object.keys(update).length === 0) {
      onNext()
      return
    }
    setBusy(true)
    setError(null)
    try {
      await accountApi(api).updateProfile(update)
      onNext()
    } catch (err) {
      setError(accountErrorText(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} data-testid="signup-step-personal">
      <p>{t('signupFlow.personal.lead')}</p>
      <Notice text={error} testId="signup-error" />
      {(Object.keys(PERSONAL_FIELDS) as PersonalField[]).map((field) => (
        <Field key={field}>
          <Label htmlFor={`${id}-${field}`}>{t(`signupFlow.personal.${field}`)}</Label>
          <Select
            id={`${id}-${field}`}
            name={field}
            value={values[field] ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
          >
            <option value="">{t('signupFlow.personal.notSaying')}</option>
            {PERSONAL_FIELDS[field].map((o) => (
              <option key={o} value={o}>
                {t(`signupFlow.options.${field}.${o}`)}
              </option>
            ))}
          </Select>
        </Field>
      ))}
      <StepActions submit onSkip={onSkip} busy={busy} />
    </form>
  )
}
