import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { currentTracking, signupsOpen } from '../../../rules/tracking'
import { useAppState, useServices } from '../../../state/context'

/**
 * SignupFlow is the signup, in the modal on desktop and on the signup page
 * on smartphones. It tells visitors when the site takes no signups.
 */
export function SignupFlow({ inModal = false }: { inModal?: boolean }) {
  const { t } = useTranslation()
  const { store } = useServices()
  const setting = useAppState((s) => s.settings.signups)
  const sitename = useAppState((s) => s.tenant.name)
  const close = () => {
    if (inModal) store.set({ signup: { open: false, inProgress: false } })
  }
  if (!signupsOpen(setting, currentTracking() !== null)) {
    return (
      <p role="status" data-testid="signup-closed">
        {t('signup.inviteOnly', { sitename })}
      </p>
    )
  }
  return (
    <div data-testid="signup-flow">
      <p>{t('signup.lead', { sitename })}</p>
      <p>
        {t('signup.member')}{' '}
        <Link to="/login" onClick={close}>
          {t('signup.login')}
        </Link>
      </p>
    </div>
  )
}
