// Whether a member may have the welcome time bonus: the store asks it when
// the app starts (the rest of the offer is timeBonus.ts's).
import type { User } from '../../boot/types'

export const TIME_BONUS_SECONDS = 14_400

/**
 * SIGNUP_SLACK_MS is how far the browser's clock may be off before it
 * skips asking about the offer: the browser only saves the call for
 * members who signed up long ago; whether the offer holds and how long it
 * lasts is the server's word (discountcode.php).
 */
export const SIGNUP_SLACK_MS = 24 * 3600 * 1000

/**
 * mayHaveTimeBonus: only a logged-in member who is not a paid user and
 * signed up less than 14400 s ago has the offer. The browser asks the server
 * unless the member is paid or, even allowing for a wrong clock
 * (SIGNUP_SLACK_MS), signed up long before the window.
 */
export function mayHaveTimeBonus(user: Pick<User, 'paid_user' | 'signup_date'> | null, now: number): boolean {
  if (!user || user.paid_user) return false
  const signup = Date.parse(user.signup_date)
  if (Number.isNaN(signup)) return true
  return now < signup + TIME_BONUS_SECONDS * 1000 + SIGNUP_SLACK_MS
}
