// One interruption at a time: every banner, modal and pop-up of the
// member site asks one queue whether it may show. The queue shows at most one
// modal, one banner and one pop-up, the most important first, and keeps
// modals and pop-ups away from a form that is being edited.

/** Slot is where an interruption shows: a modal over the page, a banner above it, a pop-up in a corner. */
export type Slot = 'modal' | 'banner' | 'popup'

export interface InterruptionDef {
  slot: Slot
  /** rank orders the queue: age gate 0, e-mail confirmation 1, offers 2, likes 3, reminders after. */
  rank: number
  /** overForms: shown even over a form being edited (the age gate, and the signup the visitor asked for). */
  overForms?: boolean
}

/** INTERRUPTIONS lists every interruption with its slot and rank. */
export const INTERRUPTIONS = {
  ageGate: { slot: 'modal', rank: 0, overForms: true },
  signup: { slot: 'modal', rank: 0, overForms: true },
  activationModal: { slot: 'modal', rank: 1 },
  activation: { slot: 'banner', rank: 1 },
  timeBonusModal: { slot: 'modal', rank: 2 },
  timeBonus: { slot: 'banner', rank: 2 },
  // a like returned (the match moment) comes before a mere like
  match: { slot: 'modal', rank: 3 },
  likeModal: { slot: 'modal', rank: 3 },
  newLike: { slot: 'popup', rank: 3 },
  profilePhoto: { slot: 'banner', rank: 4 },
  push: { slot: 'banner', rank: 5 },
  notificationsDisabled: { slot: 'banner', rank: 5 },
} as const satisfies Record<string, InterruptionDef>

export type InterruptionId = keyof typeof INTERRUPTIONS

/** Shown is what the queue lets show now; deferred is what waits (wanted, not shown). */
export interface Shown {
  modal: InterruptionId | null
  banner: InterruptionId | null
  popup: InterruptionId | null
  deferred: InterruptionId[]
}

const ORDER = Object.keys(INTERRUPTIONS) as InterruptionId[]

/**
 * arrange picks what shows from what wants to show:
 *   - at most one modal, one banner and one pop-up, each the lowest rank
 *     (ties: the order of INTERRUPTIONS);
 *   - a pop-up only when no modal shows (it would sit behind it);
 *   - while a form is being edited, no modal or pop-up unless it is
 *     overForms; banners stay (they push nothing aside).
 */
export function arrange(wanted: Iterable<InterruptionId>, editing: boolean): Shown {
  const want = new Set(wanted)
  const queue = ORDER.filter((id) => want.has(id)).sort((a, b) => INTERRUPTIONS[a].rank - INTERRUPTIONS[b].rank)
  const allowed = (id: InterruptionId) => !editing || ('overForms' in INTERRUPTIONS[id] && INTERRUPTIONS[id].overForms)
  const modal = queue.find((id) => INTERRUPTIONS[id].slot === 'modal' && allowed(id)) ?? null
  const banner = queue.find((id) => INTERRUPTIONS[id].slot === 'banner') ?? null
  const popup = modal ? null : (queue.find((id) => INTERRUPTIONS[id].slot === 'popup' && allowed(id)) ?? null)
  const deferred = queue.filter((id) => id !== modal && id !== banner && id !== popup)
  return { modal, banner, popup, deferred }
}

/** isShown tells whether an interruption is the one its slot shows. */
export const isShown = (shown: Shown, id: InterruptionId): boolean => shown[INTERRUPTIONS[id].slot] === id

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
