import { useRouteHandle } from '../app/hooks'
import { TabBar } from '../app/member'
import { useAppState } from '../state/context'
import { EntryWarning } from './parts/EntryWarning'
import { Later } from './parts/later'
import { SkipLink } from './parts/SkipLink'
import { Main, Shell } from './Main'

/**
 * chat: bare, with the entry warning; the chat pages bring their own top bar.
 * The screen is exactly the window's height so the composer and its cost line
 * are always in view; the conversation list keeps the phone's tab bar, an open
 * conversation has the whole screen.
 */
export function ChatLayout() {
  const list = useRouteHandle()?.name === 'chats'
  const member = useAppState((s) => !!s.user)
  return (
    <Shell data-layout="chat" $fixed>
      <SkipLink />
      <EntryWarning />
      <Main fill />
      {list && member && <Later part={TabBar} />}
    </Shell>
  )
}
