import { EntryWarning } from './parts/EntryWarning'
import { Later, SignupModal } from './parts/later'
import { Main, Shell } from './Main'

/** empty: the page and the signup modal only (plus the entry warning). */
export function EmptyLayout() {
  return (
    <Shell data-layout="empty">
      <EntryWarning />
      <Main />
      <Later part={SignupModal} />
    </Shell>
  )
}
