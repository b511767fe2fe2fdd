import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { editingNow, isShown, type FormState, type InterruptionId } from './interruptions'
import { countCard, mayShowCard, sessionStore, type CardKind } from './cards'
import { useMaybeServices, useServices } from '../../state/context'

/**
 * useInterruption asks the queue to show id while wanted and tells whether it
 * shows now. A deferred one shows by itself once those before it are gone.
 */
export function useInterruption(id: InterruptionId, wanted: boolean): boolean {
  const { interruptions } = useServices()
  useEffect(() => {
    interruptions.want(id, wanted)
    return () => interruptions.want(id, false)
  }, [interruptions, id, wanted])
  const shown = useSyncExternalStore(interruptions.subscribe, interruptions.shown, interruptions.shown)
  return wanted && isShown(shown, id)
}

/**
 * useHoldInterruptions keeps the queue's modals and cards back while open:
 * a modal the page opened itself (a confirmation, a prompt) is never
 * covered. Outside the app's services (a lone component test) it does
 * nothing.
 */
export function useHoldInterruptions(open: boolean): void {
  const interruptions = useMaybeServices()?.interruptions
  useEffect(() => {
    if (!open || !interruptions) return
    return interruptions.hold()
  }, [open, interruptions])
}

/** Claim is the server's answer about one card: show it, or skip it (seen before, or no such like). */
type Claim = { id: number; show: boolean } | null

/**
 * useCardTurn: the card of kind about profile (null: none waits) asks the
 * queue for its turn as id, within the session's cards (cards.ts). On its
 * turn it claims the card from the server (POST like-card.php) and shows
 * only when that is the first time for this member; a card seen before (on
 * any device, in any page load) is skipped, and so is one the server does
 * not know: skip(profile) takes it off its queue. It tells whether the
 * card shows.
 */
export function useCardTurn(id: InterruptionId, kind: CardKind, profile: number | null, skip: (profile: number) => void): boolean {
  const { api } = useServices()
  const [claim, setClaim] = useState<Claim>(null)
  const asked = useRef<number | null>(null)
  const claimed = claim !== null && claim.id === profile
  const turn = useInterruption(id, profile !== null && (claimed || mayShowCard(sessionStore())))
  useEffect(() => {
    if (!turn || profile === null || asked.current === profile) return
    // Asked once per card, and answered even if the turn passes meanwhile: a claim the server made is not lost.
    asked.current = profile
    void api.http
      .post<{ first_time: boolean }>('/api/like-card.php', { profile_id: profile, kind }, { retries: 1 })
      .then((res) => res !== false && res.first_time === true)
      .catch(() => false)
      .then((show) => {
        if (show) countCard(sessionStore())
        setClaim({ id: profile, show })
        if (!show) skip(profile)
      })
  }, [turn, profile, kind, api, skip])
  return turn && claimed && claim.show
}

/** A field one types or picks in; buttons and links are not editing. */
const FIELD = 'input:not([type=button]):not([type=submit]):not([type=reset]):not([type=image]), textarea, select, [contenteditable=""], [contenteditable=true]'

/**
 * inPageForm: the form of an element, unless it sits in a dialog (a modal's
 * own form is no page being edited) or is a search form (filters are no edits
 * to lose).
 */
function inPageForm(el: Element | null): HTMLFormElement | null {
  const form = el?.closest('form') ?? null
  return form && !form.closest('[role=dialog]') && form.getAttribute('role') !== 'search' ? form : null
}

/**
 * useFormWatch tells the queue whether a form of the page is being edited
 * (interruptions.ts editingNow): the focus in one of its fields, changes
 * not submitted yet, or an edit form (data-edit-form) not saved since it
 * showed. It also names what waits on the document element
 * (data-interruptions-deferred), which the browser tests read.
 */
export function useFormWatch(): void {
  const { interruptions } = useServices()
  useEffect(() => {
    const dirty = new Set<HTMLFormElement>()
    const saved = new WeakSet<HTMLFormElement>()
    const state = (): FormState => {
      for (const f of dirty) if (!f.isConnected) dirty.delete(f)
      const active = document.activeElement
      const edits = [...document.querySelectorAll<HTMLFormElement>('form[data-edit-form]')].filter((f) => !saved.has(f) && !f.closest('[role=dialog]'))
      return {
        focusedField: !!active && active.matches(FIELD) && inPageForm(active) !== null,
        dirtyForms: dirty.size,
        unsavedEditForms: edits.length,
      }
    }
    let timer: ReturnType<typeof setTimeout> | undefined
    const check = () => {
      clearTimeout(timer)
      // after the focus has moved and React has rendered
      timer = setTimeout(() => interruptions.setEditing(editingNow(state())), 0)
    }
    const onInput = (e: Event) => {
      const form = inPageForm(e.target as Element | null)
      if (form) {
        dirty.add(form)
        saved.delete(form)
      }
      check()
    }
    const onDone = (e: Event) => {
      const form = e.target instanceof HTMLFormElement ? e.target : null
      if (form) {
        dirty.delete(form)
        saved.add(form)
      }
      check()
    }
    document.addEventListener('focusin', check)
    document.addEventListener('focusout', check)
    document.addEventListener('input', onInput, true)
    document.addEventListener('change', onInput, true)
    document.addEventListener('submit', onDone, true)
    document.addEventListener('reset', onDone, true)
    // Forms come and go with the pages.
    const observer = new MutationObserver(check)
    observer.observe(document.body, { childList: true, subtree: true })
    const root = document.documentElement
    const publish = () => {
      const d = interruptions.shown().deferred
      if (d.length) root.dataset.interruptionsDeferred = d.join(' ')
      else delete root.dataset.interruptionsDeferred
    }
    const unsubscribe = interruptions.subscribe(publish)
    check()
    return () => {
      clearTimeout(timer)
      observer.disconnect()
      unsubscribe()
      document.removeEventListener('focusin', check)
      document.removeEventListener('focusout', check)
      document.removeEventListener('input', onInput, true)
      document.removeEventListener('change', onInput, true)
      document.removeEventListener('submit', onDone, true)
      document.removeEventListener('reset', onDone, true)
    }
  }, [interruptions])
}
