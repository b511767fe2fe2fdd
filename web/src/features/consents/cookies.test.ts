import { describe, expect, it } from 'vitest'
import { cookieAnswer, cookieQuestionWanted } from './cookies'

describe('the cookie question', () => {
  it.each([
    ['', ''],
    ['rdv_consent=all', 'all'],
    ['a=1; rdv_consent=essential; b=2', 'essential'],
    ['rdv_consent=yes', ''],
    ['xrdv_consent=all', ''],
  ])('cookies %j answer %j', (cookies, want) => {
    expect(cookieAnswer(cookies)).toBe(want)
  })
  it('is asked on brands with the European rules until answered', () => {
    expect(cookieQuestionWanted(true, '')).toBe(true)
    expect(cookieQuestionWanted(true, 'rdv_consent=essential')).toBe(false)
    expect(cookieQuestionWanted(false, '')).toBe(false)
  })
})
