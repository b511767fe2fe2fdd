import { FlowHeader } from '../nav/FlowHeader'
import { EntryWarning } from './parts/EntryWarning'
import { Later, SignupModal } from './parts/later'
import { Main, Shell } from './Main'

/** empty: the signup pages, with the brand's header and a way back, and the signup modal only (plus the entry warning). */
export function EmptyLayout() {
  return (
    <Shell data-layout="empty">
      <EntryWarning />
      <FlowHeader />
      <Main />
      <Later part={SignupModal} />
    </Shell>
  )
}
