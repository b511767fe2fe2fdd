// The like and match cards: each shows once per member (the server keeps
// which were seen, on any device) and a browser session shows a few at most.

/** CARDS_PER_SESSION: a browser session shows this many like and match cards at most; later likes wait on the likes badge. */
export const CARDS_PER_SESSION = 3

/** CardKind is which card it is: a like received, or a match. */
export type CardKind = 'like' | 'match'

const KEY = 'rdv_cards_shown'

/** sessionStore is the tab's session storage, or null where the browser refuses it. */
export function sessionStore(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

/** cardsShown counts the cards this browser session has shown. */
export function cardsShown(storage: Storage | null): number {
  const n = Number(storage?.getItem(KEY) ?? 0)
  return Number.isInteger(n) && n > 0 ? n : 0
}

/** mayShowCard: the session has cards left. */
export const mayShowCard = (storage: Storage | null): boolean => cardsShown(storage) < CARDS_PER_SESSION

/** countCard adds one shown card to the session's count. */
export function countCard(storage: Storage | null): void {
  try {
    storage?.setItem(KEY, String(cardsShown(storage) + 1))
  } catch {
    // a full or refused storage counts nothing: the server still shows each card once
  }
}
