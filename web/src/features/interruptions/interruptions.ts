// One interruption at a time: every banner, modal and card of the member
// site asks one queue whether it may show. The queue shows one of them, the
// most important first; it keeps modals and cards away from a form being
// edited and from a modal the page itself opened (a confirmation, a prompt).

/**
 * Slot is how an interruption shows: a modal over the page, a banner above
 * it, a card in a corner (a like or a match). A banner pushes nothing aside,
 * so it may show while the page has a modal open; a modal or a card may not.
 */
export type Slot = 'modal' | 'banner' | 'card'

export interface InterruptionDef {
  slot: Slot
  /** rank orders the queue: age gate 0, cookie question, new terms and e-mail confirmation 1, offer 2, likes and matches 3, reminders after. */
  rank: number
  /** overForms: shown even over a form being edited or a page's modal (the age gate, and the signup the visitor asked for). */
  overForms?: boolean
}

/** INTERRUPTIONS lists every interruption with its slot and rank. */
export const INTERRUPTIONS = {
  ageGate: { slot: 'modal', rank: 0, overForms: true },
  signup: { slot: 'modal', rank: 0, overForms: true },
  // the cookie question and new terms to accept: right after the age gate,
  // never beside another box, and kept away from a form being edited
  cookies: { slot: 'modal', rank: 1 },
  consents: { slot: 'modal', rank: 1 },
  activation: { slot: 'banner', rank: 1 },
  timeBonusModal: { slot: 'modal', rank: 2 },
  // a like returned (the match moment) comes before a mere like
  match: { slot: 'modal', rank: 3 },
  likeModal: { slot: 'modal', rank: 3 },
  newLike: { slot: 'card', rank: 3 },
  // the offer's banner counts down for hours: a like card (gone in seconds) may come first
  timeBonus: { slot: 'banner', rank: 4 },
  profilePhoto: { slot: 'banner', rank: 5 },
  push: { slot: 'banner', rank: 6 },
  notificationsDisabled: { slot: 'banner', rank: 6 },
} as const satisfies Record<string, InterruptionDef>

export type InterruptionId = keyof typeof INTERRUPTIONS

/** Shown is what the queue lets show now (one at most); deferred is what waits (wanted, not shown). */
export interface Shown {
  current: InterruptionId | null
  deferred: InterruptionId[]
}

const ORDER = Object.keys(INTERRUPTIONS) as InterruptionId[]

/**
 * arrange picks the one interruption that shows from those that want to:
 *   - the lowest rank first (ties: the order of INTERRUPTIONS);
 *   - while a form is being edited (editing) or the page has a modal of
 *     its own open (held), no modal or card unless it is overForms; a
 *     banner may show then, it covers nothing.
 */
export function arrange(wanted: Iterable<InterruptionId>, editing: boolean, held: boolean): Shown {
  const want = new Set(wanted)
  const queue = ORDER.filter((id) => want.has(id)).sort((a, b) => INTERRUPTIONS[a].rank - INTERRUPTIONS[b].rank)
  const allowed = (id: InterruptionId) => {
    const def: InterruptionDef = INTERRUPTIONS[id]
    return def.slot === 'banner' || def.overForms === true || (!editing && !held)
  }
  const current = queue.find(allowed) ?? null
  return { current, deferred: queue.filter((id) => id !== current) }
}

/** isShown tells whether an interruption is the one shown. */
export const isShown = (shown: Shown, id: InterruptionId): boolean => shown.current === id

/** FormState is what the page tells about its forms, for editingNow. */
export interface FormState {
  /** focusedField: the focus is in a field one types or picks in (not a button), inside a form. */
  focusedField: boolean
  /** dirtyForms: forms on the page changed since they were last submitted or reset. */
  dirtyForms: number
  /** unsavedEditForms: edit forms (data-edit-form) on the page not submitted since they showed. */
  unsavedEditForms: number
}

/**
 * editingNow: a form is being edited while the focus is in one of its fields,
 * while it has unsaved changes, or while an edit form (the profile) shows and
 * was not saved yet; leaving it (the page) or saving it ends that.
 */
export function editingNow(f: FormState): boolean {
  return f.focusedField || f.dirtyForms > 0 || f.unsavedEditForms > 0
}
