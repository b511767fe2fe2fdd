import { EntryWarning } from './parts/EntryWarning'
import { SkipLink } from './parts/SkipLink'
import { Main, Shell } from './Main'

/** chat: bare, with the entry warning; the chat pages bring their own top bar. */
export function ChatLayout() {
  return (
    <Shell data-layout="chat">
      <SkipLink />
      <EntryWarning />
      <Main />
    </Shell>
  )
}
