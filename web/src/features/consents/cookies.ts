// The cookie question of brands with the European rules: the answer is the
// rdv_consent cookie, which the server sets (POST /api/cookies.php) and
// reads before it sets the affiliate cookie.

export const CONSENT_COOKIE = 'rdv_consent'

/** cookieAnswer is the visitor's answer ('all' or 'essential'), '' when not asked yet. */
export function cookieAnswer(cookies: string): string {
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=')
    if (name === CONSENT_COOKIE && (value === 'all' || value === 'essential')) return value
  }
  return ''
}

/** cookieQuestionWanted: the brand follows the European rules and the visitor has not answered. */
export const cookieQuestionWanted = (euRules: boolean, cookies: string): boolean => euRules && cookieAnswer(cookies) === ''
