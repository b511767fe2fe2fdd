import type { MouseEvent } from 'react'
import { isDesktop } from '../../app/hooks'
import { useServices } from '../../state/context'

/** useSignupClick opens the signup modal on desktop; phones follow the link to the page. */
export function useSignupClick() {
  const { store } = useServices()
  return (e: MouseEvent) => {
    if (isDesktop()) {
      e.preventDefault()
      store.set({ signup: { open: true, inProgress: false } })
    }
  }
}
