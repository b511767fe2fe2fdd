// The rules of the signup steps: message, photo, location, personal info,
// about me, push notifications and the final e-mail confirmation. The message
// step creates the account, so every later step works on the member's own
// profile. A signup without a recipient (not from a profile's signup page)
// has no one to write to: its first step is the account alone.
import type { SignupBody, User } from '../../../api/types'
import type { PushState } from '../../../state/store'
import { needsPhoto } from '../../../layouts/parts/alerts'
import type { Text } from '../shared/errors'

export const ALL_STEPS = ['message', 'account', 'photo', 'location', 'personal', 'about', 'push', 'confirm'] as const
export type Step = (typeof ALL_STEPS)[number]

/** pushAsked: the browser can take push messages and the member has not decided yet. */
export const pushAsked = (push: Pick<PushState, 'capability' | 'subscription'>): boolean =>
  push.capability && (push.subscription === null || push.subscription === false)

/**
 * pushOnOffer is the push state a signup counts its steps with: the store's,
 * completed by what the browser tells at once (it can take push messages;
 * the visitor has blocked notifications). The store learns the rest only
 * after the app has started, so a signup opened by its address counted one
 * step fewer than one opened from the header ('Step 1 of 7', then '1 of 6').
 */
export function pushOnOffer(
  push: Pick<PushState, 'capability' | 'subscription'>,
  browser: { capable: boolean; denied: boolean },
): Pick<PushState, 'capability' | 'subscription'> {
  return {
    capability: push.capability || browser.capable,
    subscription: push.subscription ?? (browser.denied ? 'denied' : null),
  }
}

/** browserPush is what the browser tells of push messages without asking. */
export function browserPush(): { capable: boolean; denied: boolean } {
  return {
    capable: typeof navigator !== 'undefined' && !!navigator.serviceWorker && 'PushManager' in window,
    denied: typeof Notification !== 'undefined' && Notification.permission === 'denied',
  }
}

/**
 * stepsFor lists the steps of a signup: the message step only when there is
 * a recipient (else the account step), the push step only when the browser
 * can subscribe.
 */
export function stepsFor(push: Pick<PushState, 'capability' | 'subscription'>, recipient: boolean): Step[] {
  return ALL_STEPS.filter((s) => (s !== 'push' || pushAsked(push)) && s !== (recipient ? 'account' : 'message'))
}

/** createsAccount: the first step, with or without the message, creates the account. */
export const createsAccount = (step: Step): boolean => step === 'message' || step === 'account'

/** nextStep is the step after current, or null at the end. */
export function nextStep(steps: readonly Step[], current: Step): Step | null {
  const i = steps.indexOf(current)
  return i >= 0 && i + 1 < steps.length ? steps[i + 1] : null
}

/** skippable: every step after the account exists may be skipped but the last. */
export const skippable = (step: Step): boolean => !createsAccount(step) && step !== 'confirm'

/**
 * resumeStep is where /complete-signup (or a signup opened by a logged-in
 * member) continues: the photo when there is none, else the location when
 * it is unknown, else the personal info. A photo waiting for moderation
 * counts as one.
 */
export function resumeStep(user: Pick<User, 'profile'> & { profile: (User['profile'] & { region?: string; city?: string }) | null }): Step {
  const p = user.profile
  if (!p || needsPhoto(user)) return 'photo'
  if (!p.region && !p.city) return 'location'
  return 'personal'
}

/** The fields of the message step, which creates the account. */
export interface AccountForm {
  message: string
  gender: string
  seeking: string
  name: string
  day: string
  month: string
  year: string
  email: string
  password: string
}

export const emptyAccountForm = (): AccountForm => ({
  message: '',
  gender: '',
  seeking: '',
  name: '',
  day: '',
  month: '',
  year: '',
  email: '',
  password: '',
})

export const EMAIL_RULE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
export const NAME_MIN = 2
export const NAME_MAX = 30
export const PASSWORD_MIN = 6
export const PASSWORD_MAX = 128

/** dateOfBirth builds YYYY-MM-DD from the three selects, or null when the date does not exist. */
export function dateOfBirth(day: string, month: string, year: string): string | null {
  const d = Number(day)
  const m = Number(month)
  const y = Number(year)
  if (!Number.isInteger(d) || !Number.isInteger(m) || !Number.isInteger(y) || !d || !m || !y) return null
  const date = new Date(Date.UTC(y, m - 1, d))
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
}

/** ageOn is the age in whole years on the day today. */
export function ageOn(dob: string, today: Date): number {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number]
  let age = today.getUTCFullYear() - y
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) age--
  return age
}

export type FormErrors = Partial<Record<keyof AccountForm | 'date_of_birth' | 'orientation_consent', Text>>

/** The outcome of checking the message step before it is sent. */
export interface AccountCheck {
  errors: FormErrors
  /** invalidDate: the chosen day does not exist (the 'Invalid date of birth' popup). */
  invalidDate: boolean
}

/**
 * checkAccountForm applies the signup's validation rules in the browser
 * (the server checks them again): a valid e-mail, a username that is not
 * the e-mail and does not start with @, a date of birth of minAge or older
 * and a password of 6 to 128 characters.
 */
export function checkAccountForm(f: AccountForm, minAge: number, today: Date): AccountCheck {
  const errors: FormErrors = {}
  let invalidDate = false
  if (f.gender !== 'male' && f.gender !== 'female') errors.gender = ['signupFlow.errors.gender']
  const name = f.name.trim()
  const email = f.email.trim()
  if (name.startsWith('@')) errors.name = ['accountErrors.name_at']
  else if (email && name.toLowerCase() === email.toLowerCase()) errors.name = ['accountErrors.name_is_email']
  else if ([...name].length < NAME_MIN || [...name].length > NAME_MAX) errors.name = ['accountErrors.name_length', { min: NAME_MIN, max: NAME_MAX }]
  if (!f.day || !f.month || !f.year) {
    errors.date_of_birth = ['accountErrors.date_of_birth', { min_age: minAge }]
  } else {
    const dob = dateOfBirth(f.day, f.month, f.year)
    if (!dob) invalidDate = true
    else if (ageOn(dob, today) < minAge) errors.date_of_birth = ['accountErrors.date_of_birth', { min_age: minAge }]
  }
  if (!EMAIL_RULE.test(email)) errors.email = ['accountErrors.email_invalid']
  if (f.password.length < PASSWORD_MIN || f.password.length > PASSWORD_MAX) errors.password = ['accountErrors.password_invalid']
  return { errors, invalidDate }
}

/** isGender: the genders signup.php accepts. */
export const isGender = (g: string): g is SignupBody['gender'] => g === 'male' || g === 'female'

/** isSeeking: the seeking values signup.php accepts (none chosen sends none). */
export const isSeeking = (s: string): s is NonNullable<SignupBody['seeking']> => s === 'male' || s === 'female' || s === 'both'

/** passwordsDiffer: the two new passwords must match ('The entered passwords are not the same.'). */
export const passwordsDiffer = (a: string, b: string): boolean => a !== b
