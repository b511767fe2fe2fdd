// The composer's draft: what a member wrote in a conversation and has not
// sent stays in the browser's storage, under the member and the other
// member of the conversation (the same whether the chat was opened by the
// conversation or by the profile), until it is sent.

/** draftKey names the draft of member's conversation with profile. */
export const draftKey = (member: number, profile: number): string => `rdv.chat.draft.${member}.${profile}`

function local(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

/** loadDraft is the kept draft, '' when there is none or storage is off. */
export function loadDraft(key: string, storage: Storage | null = local()): string {
  try {
    return storage?.getItem(key) ?? ''
  } catch {
    return ''
  }
}

/** saveDraft keeps text as the draft; an empty text removes it. */
export function saveDraft(key: string, text: string, storage: Storage | null = local()): void {
  try {
    if (text.trim() === '') storage?.removeItem(key)
    else storage?.setItem(key, text)
  } catch {
    // A full or refused storage loses the draft on a reload, not the text on screen.
  }
}

/** dropSentDraft removes the draft once text was sent, unless the member has written another since. */
export function dropSentDraft(key: string, text: string, storage: Storage | null = local()): void {
  if (loadDraft(key, storage) === text) saveDraft(key, '', storage)
}
