import type { ReactNode } from 'react'
import { useAppState } from '../state/context'
import { LoginPanel } from './loginPanel'

/** MemberOnly shows its page to logged-in members and the login form to others. */
export function MemberOnly({ children }: { children: ReactNode }) {
  const loggedIn = useAppState((s) => !!s.user)
  return loggedIn ? <>{children}</> : <LoginPanel />
}
