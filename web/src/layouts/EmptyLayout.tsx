import { EntryWarning } from './parts/EntryWarning'
import { SignupModal } from './parts/SignupModal'
import { Main, Shell } from './Main'

/** empty: the page and the signup modal only (plus the entry warning). */
export function EmptyLayout() {
  return (
    <Shell data-layout="empty">
      <EntryWarning />
      <Main />
      <SignupModal />
    </Shell>
  )
}
