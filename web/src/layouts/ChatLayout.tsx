import { useRouteHandle } from '../app/hooks'
import { TabBar } from '../nav/TabBar'
import { EntryWarning } from './parts/EntryWarning'
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
  return (
    <Shell data-layout="chat" $fixed>
      <SkipLink />
      <EntryWarning />
      <Main fill />
      {list && <TabBar />}
    </Shell>
  )
}
