import { useEffect, useSyncExternalStore } from 'react'
import { editingNow, isShown, type FormState, type InterruptionId } from './interruptions'
import { useServices } from '../../state/context'

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
