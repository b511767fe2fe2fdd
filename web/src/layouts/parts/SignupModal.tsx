import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Modal } from '../../components/Modal'
import { lazyPage } from '../../app/lazyPage'
// Through the page table, not app/withTexts.ts: this lazy part then reaches
// the router as the pages do, and the build keeps React and the router in
// one file of the first screen (0.6 kB less gzip for the home than two).
import { withTexts } from '../../app/pages'
import { useAppState, useServices } from '../../state/context'
import { useInterruption } from '../../features/interruptions/hooks'

// The flow says the account pages' texts, which come with the pages' part
// of the catalogue, not with the first screen's.
const SignupFlow = lazyPage(
  withTexts(() => import('../../pages/account/signup/SignupFlow')),
  'SignupFlow',
)

/**
 * SignupModal holds the signup flow on desktop. While the signup is in
 * progress neither Escape nor a backdrop click closes it.
 */
export function SignupModal() {
  const { t } = useTranslation()
  const { store } = useServices()
  const signup = useAppState((s) => s.signup)
  // The visitor asked for it: it shows over forms too, after the age gate only.
  const open = useInterruption('signup', signup.open)
  return (
    <Modal
      open={open}
      title={t('signup.title')}
      dismissible={!signup.inProgress}
      onClose={() => store.set({ signup: { open: false, inProgress: false } })}
      testId="signup-modal"
      queued
    >
      <Suspense fallback={null}>
        <SignupFlow inModal />
      </Suspense>
    </Modal>
  )
}
