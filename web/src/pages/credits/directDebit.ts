// The direct debit page's rules (POST directdebit.php): a first check of
// the IBAN and the mobile number before they are sent, so a typo is named
// at once (the server checks everything again), and the texts of the
// call's refusals.
import { ApiError } from '../../api/http'
import { codeText } from '../../api/serverErrors'
import { refusalKey } from './discount'

/** IBAN_LENGTHS is the length of an IBAN per country (the SWIFT IBAN registry), as the engine's sepa package has it. */
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28, CH: 21, CR: 22,
  CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FK: 18, FO: 18, FR: 27, GB: 22,
  GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30,
  KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20, LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27,
  MT: 31, MU: 30, NI: 28, NL: 18, NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33,
  SA: 24, SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29,
  VA: 22, VG: 24, XK: 20, YE: 30,
}

/** compactIban is an IBAN as typed in its electronic form: no spaces or dashes, upper case. */
export const compactIban = (s: string): string => s.replace(/[\s-]/g, '').toUpperCase()

/** ibanValid checks an IBAN's characters, its country's length and its mod-97 check digits. */
export function ibanValid(input: string): boolean {
  const iban = compactIban(input)
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]+$/.test(iban)) return false
  if (IBAN_LENGTHS[iban.slice(0, 2)] !== iban.length) return false
  let rest = 0
  for (const c of iban.slice(4) + iban.slice(0, 4)) {
    const code = c.charCodeAt(0)
    rest = code >= 65 ? (rest * 100 + code - 55) % 97 : (rest * 10 + code - 48) % 97
  }
  return rest === 1
}

/** phonePlausible checks a mobile number loosely (the server knows each country's numbers): 8 to 15 digits, a + only first. */
export function phonePlausible(input: string): boolean {
  const s = input.trim()
  if (!/^\+?[0-9 ()./-]+$/.test(s)) return false
  const digits = s.replace(/\D/g, '').replace(/^00/, '')
  return digits.length >= 8 && digits.length <= 15
}

/** codeValid: the texted code is 6 digits. */
export const codeValid = (s: string): boolean => /^[0-9]{6}$/.test(s.trim())

/** Text is a catalogue key with its values. */
type Text = [key: string, values?: Record<string, unknown>]

/** refusalText is the text of a refused direct debit call: its own codes, the general ones, or "try later". */
export function refusalText(err: unknown): Text {
  if (!(err instanceof ApiError)) return ['errors.tryLater']
  switch (err.code) {
    case 'code_invalid':
      return typeof err.fields.attempts_left === 'number'
        ? ['directDebit.errors.codeInvalidLeft', { count: err.fields.attempts_left }]
        : ['directDebit.errors.codeInvalid']
    case 'sms_code_expired':
      return ['directDebit.errors.codeExpired']
    case 'sms_code_wait':
      return ['directDebit.errors.codeWait', { count: Number(err.fields.seconds) || 60 }]
    case 'sms_code_limit':
      return ['directDebit.errors.codeLimit']
    case 'sms_client_limit':
      return ['directDebit.errors.textLimitClient']
    case 'sms_number_limit':
      return ['directDebit.errors.textLimitNumber']
    case 'email_unconfirmed':
      return ['directDebit.errors.emailUnconfirmed']
    case 'dd_pending':
      return ['directDebit.errors.pending']
    case 'sms_unavailable':
      return ['directDebit.errors.smsUnavailable']
    case 'dd_blocked':
      return ['directDebit.errors.blocked']
    case 'dd_limit':
      return ['directDebit.errors.limit']
    case 'iban_invalid':
      return ['directDebit.errors.iban']
    case 'iban_not_sepa':
      return ['directDebit.errors.ibanNotSepa']
    case 'holder_invalid':
      return ['directDebit.errors.holder']
    case 'phone_invalid':
      return ['directDebit.errors.phone']
  }
  const discount = refusalKey(err)
  if (discount) return [discount]
  return codeText(err.code, err.fields) ?? ['errors.tryLater']
}

/** fieldOf is the form field a refusal is about, to focus it. */
export function fieldOf(err: unknown): 'iban' | 'holder' | 'phone' | 'code' | null {
  if (!(err instanceof ApiError)) return null
  switch (err.code) {
    case 'iban_invalid':
    case 'iban_not_sepa':
      return 'iban'
    case 'holder_invalid':
      return 'holder'
    case 'phone_invalid':
      return 'phone'
    case 'code_invalid':
      return 'code'
  }
  return null
}
