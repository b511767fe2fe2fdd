import { useTranslation } from 'react-i18next'
import { Narrow } from '../../../components/Form'
import { Page, Panel } from '../../../components/Page'
import { Logo } from '../../../nav/Logo'
import { SignupFlow } from './SignupFlow'

/** SignupPage: /signup and /members/{id}/signup (the empty layout). */
export function SignupPage() {
  const { t } = useTranslation()
  return (
    <Page title={t('signup.title')}>
      <Narrow>
        <Panel>
          <Logo />
          <SignupFlow />
        </Panel>
      </Narrow>
    </Page>
  )
}

/** CompleteSignupPage: /complete-signup, the last signup steps. */
export function CompleteSignupPage() {
  const { t } = useTranslation()
  return (
    <Page title={t('completeSignup.title')} lead={t('completeSignup.lead')}>
      <Logo />
    </Page>
  )
}
