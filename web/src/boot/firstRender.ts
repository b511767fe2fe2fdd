import { useEffect } from 'react'
import { nextTask } from './nextTask'

// The app's first render as a promise: what the first screen does without
// (the layouts' later parts, layouts/parts/later.tsx; the search's folded
// filters) is asked for once it is in.

let markFirstRender: () => void = () => {}
const firstRender = new Promise<void>((resolve) => (markFirstRender = resolve))

/** useFirstRenderDone marks the app's first render as in (Root calls it: its effects run after its children's). */
export function useFirstRenderDone(): void {
  useEffect(() => markFirstRender(), [])
}

/** firstRenderDone marks it from outside React (a test has the parts in before it renders). */
export function firstRenderDone(): void {
  markFirstRender()
}

/**
 * afterFirstRender asks for a chunk only once the first render is in, each
 * in a task of its own: starting a chunk's fetches costs the main thread a
 * few milliseconds, and all of them in the microtasks after the first
 * commit made one long task.
 */
export const afterFirstRender =
  <M,>(load: () => Promise<M>) =>
  (): Promise<M> =>
    firstRender.then(nextTask).then(load)
