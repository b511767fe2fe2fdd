import { describe, expect, it } from 'vitest'
import { CARDS_PER_SESSION, cardsShown, countCard, mayShowCard } from './cards'

/** memoryStorage is a Storage kept in a Map. */
function memoryStorage(): Storage {
  const m = new Map<string, string>()
  return {
    get length() {
      return m.size
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, v),
  }
}

describe('the cards of a session', () => {
  it(`shows ${CARDS_PER_SESSION} cards at most`, () => {
    const s = memoryStorage()
    for (let i = 0; i < CARDS_PER_SESSION; i++) {
      expect(mayShowCard(s)).toBe(true)
      countCard(s)
    }
    expect(cardsShown(s)).toBe(CARDS_PER_SESSION)
    expect(mayShowCard(s)).toBe(false)
  })

  it('reads a broken count as none', () => {
    const s = memoryStorage()
    s.setItem('rdv_cards_shown', 'many')
    expect(cardsShown(s)).toBe(0)
  })

  it('without a storage, cards still show (the server shows each once)', () => {
    expect(mayShowCard(null)).toBe(true)
    countCard(null)
  })
})
