import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useParams } from 'react-router'
import { isDesktop } from '../../../app/hooks'
import { Button } from '../../../components/Button'
import { Narrow } from '../../../components/Form'
import { Page, Panel } from '../../../components/Page'
import { useAppState, useServices } from '../../../state/context'
import { SignupFlow } from './SignupFlow'

/** useProfileParam is the profile in view of /members/{id}/signup. */
function useProfileParam(): number | undefined {
  const { id } = useParams()
  const n = Number(id)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

/**
 * SignupPage: /signup and /members/{id}/signup (the empty layout). On a
 * smartphone the signup is this page; on desktop it opens in the modal.
 */
export function SignupPage() {
  const { t } = useTranslation()
  const { store } = useServices()
  const profileId = useProfileParam()
  const [desktop] = useState(() => isDesktop())
  const [loggedIn] = useState(() => !!store.get().user)
  const open = () => store.set({ signup: { open: true, inProgress: false, profileId } })

  useEffect(() => {
    if (desktop && !loggedIn) store.set({ signup: { open: true, inProgress: false, profileId } })
  }, [desktop, loggedIn, profileId, store])

  if (loggedIn) return <Navigate to="/complete-signup" replace />
  return (
    <Page title={t('signup.title')}>
      <Narrow>
        <Panel>
          {desktop ? (
            <>
              <p>{t('signupFlow.modalLead')}</p>
              <Button type="button" onClick={open} data-testid="signup-open">
                {t('nav.signup')}
              </Button>
            </>
          ) : (
            <SignupFlow profileId={profileId} />
          )}
        </Panel>
      </Narrow>
    </Page>
  )
}

/** CompleteSignupPage: /complete-signup, the signup steps a member has not done yet. */
export function CompleteSignupPage() {
  const { t } = useTranslation()
  const loggedIn = useAppState((s) => !!s.user)
  const [wasLoggedIn] = useState(loggedIn)
  if (!wasLoggedIn) return <Navigate to="/signup" replace />
  return (
    <Page title={t('completeSignup.title')} lead={t('completeSignup.lead')}>
      <Narrow>
        <Panel>
          <SignupFlow />
        </Panel>
      </Narrow>
    </Page>
  )
}
