import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import styled from 'styled-components'
import { Button } from '../../../components/Button'
import type { User } from '../../../boot/types'
import { currentTracking, signupsOpen } from '../../../app/tracking'
import { useAppState, useServices } from '../../../state/context'
import { Actions } from '../shared/ui'
import { AboutStep } from './steps/AboutStep'
import { ConfirmStep } from './steps/ConfirmStep'
import { LocationStep } from './steps/LocationStep'
import { MessageStep } from './steps/MessageStep'
import { PersonalStep } from './steps/PersonalStep'
import { PhotoStep } from './steps/PhotoStep'
import { PushStep } from './steps/PushStep'
import { browserPush, createsAccount, nextStep, pushOnOffer, resumeStep, stepsFor, type Step } from './steps'
import { color, space } from '../../../theme/theme'

const StepTitle = styled.h3`
  margin: ${space(2)} 0 ${space(3)};
  &:focus {
    outline: none;
  }
`

const Progress = styled.ol`
  display: flex;
  gap: ${space(1)};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    flex: 1 1 0;
    height: 4px;
    border-radius: 2px;
    background: ${color.border};
  }
  li[data-done='true'] {
    background: ${color.primary};
  }
`

/**
 * SignupFlow is the signup, in the modal on desktop and on the signup page
 * on smartphones: message (which creates the account; only on a profile's
 * signup page, else the account alone), photo, location,
 * personal info, about me, push notifications and the e-mail confirmation.
 * A member who is already logged in continues where the profile is still
 * empty (/complete-signup). It tells visitors when the site takes no signups.
 */
export function SignupFlow({ inModal = false, profileId }: { inModal?: boolean; profileId?: number }) {
  const { t } = useTranslation()
  const { store } = useServices()
  const navigate = useNavigate()
  const setting = useAppState((s) => s.settings.signups)
  const sitename = useAppState((s) => s.tenant.name)
  const inView = profileId ?? store.get().signup.profileId
  const [steps] = useState(() => stepsFor(pushOnOffer(store.get().push, browserPush()), !!inView))
  const [step, setStep] = useState<Step>(() => {
    const user = store.get().user
    return user ? resumeStep(user) : steps[0]
  })
  const firstStep = createsAccount(step)
  const title = useRef<HTMLHeadingElement>(null)
  const first = useRef(true)

  useEffect(() => {
    // The focus follows the step, except when the flow opens.
    if (first.current) {
      first.current = false
      return
    }
    title.current?.focus()
  }, [step])

  const close = () => {
    if (inModal) store.set({ signup: { open: false, inProgress: false } })
  }
  const start = () => {
    const s = store.get().signup
    if (inModal && !s.inProgress) store.set({ signup: { ...s, inProgress: true } })
  }
  const finish = () => {
    close()
    void navigate(`${inView ? `/members/${inView}` : '/members'}?api_signup_complete=1`)
  }
  const advance = () => {
    const next = nextStep(steps, step)
    if (next) setStep(next)
    else finish()
  }
  const created = (user: User) => {
    store.set({ user })
    start()
    advance()
  }

  if (firstStep && !signupsOpen(setting, currentTracking() !== null)) {
    return (
      <p role="status" data-testid="signup-closed">
        {t('signup.inviteOnly', { sitename })}
      </p>
    )
  }

  const n = steps.indexOf(step) + 1
  const props = { onNext: advance, onSkip: advance }
  const bodies: Record<Step, ReactNode> = {
    message: <MessageStep profileId={inView} onStart={start} onCreated={created} />,
    account: <MessageStep onStart={start} onCreated={created} />,
    photo: <PhotoStep {...props} />,
    location: <LocationStep {...props} />,
    personal: <PersonalStep {...props} />,
    about: <AboutStep {...props} />,
    push: <PushStep {...props} />,
    confirm: <ConfirmStep onDone={finish} />,
  }

  return (
    <div data-testid="signup-flow" data-step={step}>
      {firstStep && <p>{t('signup.lead', { sitename })}</p>}
      <Progress aria-hidden="true">
        {steps.map((s, i) => (
          <li key={s} data-done={i < n} />
        ))}
      </Progress>
      <StepTitle ref={title} tabIndex={-1} data-testid="signup-step-title">
        {t('signupFlow.stepOf', { n, total: steps.length, title: t(`signupFlow.steps.${step}`) })}
      </StepTitle>
      {bodies[step]}
      {firstStep && (
        <p>
          {t('signup.member')}{' '}
          <Link to="/login" onClick={close}>
            {t('signup.login')}
          </Link>
        </p>
      )}
      {inModal && step !== 'confirm' && (
        <Actions>
          <Button type="button" $variant="ghost" onClick={firstStep ? close : finish} data-testid="signup-close">
            {firstStep ? t('signupFlow.cancel') : t('signupFlow.later')}
          </Button>
        </Actions>
      )}
    </div>
  )
}
