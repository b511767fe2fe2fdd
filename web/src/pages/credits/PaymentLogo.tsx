// The payment methods' marks, drawn in SVG (no emoji: without an emoji font
// they render as boxes, and no remote images: the CSP allows none). Each is
// a tile in the brand's colour with the kind of payment it is (a card, a
// bank, a phone, a voucher) or the brand's own shape where it is one
// (Mastercard's and Maestro's circles, Apple's apple, PayPal's P). The
// method's name is always written beside it, so the drawing is decoration.
import type { ReactNode } from 'react'
import type { PaymentMethod } from './rules'

type Kind = 'card' | 'bank' | 'phone' | 'voucher' | 'circles' | 'apple' | 'paypal'

/** LOGOS: each method's kind and colours (tile, and the second colour of the drawing). */
export const LOGOS: Record<PaymentMethod, { kind: Kind; bg: string; fg: string; accent?: string }> = {
  sdd: { kind: 'bank', bg: '#10298e', fg: '#ffffff', accent: '#ffcc00' },
  prezelewy24: { kind: 'bank', bg: '#d13239', fg: '#ffffff' },
  blik: { kind: 'phone', bg: '#000000', fg: '#ffffff', accent: '#e6007e' },
  sct: { kind: 'bank', bg: '#10298e', fg: '#ffffff' },
  giropay: { kind: 'bank', bg: '#000268', fg: '#ffffff', accent: '#ff0007' },
  mastercard: { kind: 'circles', bg: '#1a1a1a', fg: '#eb001b', accent: '#f79e1b' },
  visa: { kind: 'card', bg: '#1a1f71', fg: '#ffffff', accent: '#f7b600' },
  creditcard: { kind: 'card', bg: '#495057', fg: '#ffffff', accent: '#ced4da' },
  dankort: { kind: 'card', bg: '#c8102e', fg: '#ffffff' },
  mobilepay: { kind: 'phone', bg: '#5a78ff', fg: '#ffffff' },
  swish: { kind: 'phone', bg: '#ffffff', fg: '#1c4a8a', accent: '#ee4036' },
  twint: { kind: 'phone', bg: '#000000', fg: '#ffffff', accent: '#00b9e8' },
  satispay: { kind: 'phone', bg: '#ef4136', fg: '#ffffff' },
  vipps: { kind: 'phone', bg: '#ff5b24', fg: '#ffffff' },
  cartebancaire: { kind: 'card', bg: '#0a5f8a', fg: '#ffffff', accent: '#1da049' },
  nexi: { kind: 'card', bg: '#2d32aa', fg: '#ffffff' },
  ideal: { kind: 'bank', bg: '#cc0066', fg: '#ffffff' },
  bancontact: { kind: 'card', bg: '#005498', fg: '#ffffff', accent: '#ffd800' },
  applepay: { kind: 'apple', bg: '#000000', fg: '#ffffff' },
  paysafecard: { kind: 'voucher', bg: '#008ac9', fg: '#ffffff' },
  maestro: { kind: 'circles', bg: '#1a1a1a', fg: '#eb001b', accent: '#00a2e5' },
  paypal: { kind: 'paypal', bg: '#ffffff', fg: '#003087', accent: '#009cde' },
  sofort: { kind: 'bank', bg: '#393a41', fg: '#ffffff', accent: '#ef809f' },
  eps: { kind: 'bank', bg: '#c8036f', fg: '#ffffff' },
}

function drawing(kind: Kind, fg: string, accent: string): ReactNode {
  switch (kind) {
    case 'card':
      return (
        <>
          <rect x="10" y="7" width="28" height="18" rx="3" fill="none" stroke={fg} strokeWidth="2" />
          <rect x="10" y="11" width="28" height="3" fill={fg} />
          <rect x="14" y="18" width="7" height="4" rx="1" fill={accent} />
        </>
      )
    case 'bank':
      return (
        <>
          <path d="M24 5 L38 12 H10 Z" fill={fg} />
          <rect x="13" y="14" width="3" height="9" fill={fg} />
          <rect x="19" y="14" width="3" height="9" fill={fg} />
          <rect x="26" y="14" width="3" height="9" fill={fg} />
          <rect x="32" y="14" width="3" height="9" fill={fg} />
          <rect x="10" y="24" width="28" height="3" fill={accent} />
        </>
      )
    case 'phone':
      return (
        <>
          <rect x="17" y="4" width="14" height="24" rx="3" fill="none" stroke={fg} strokeWidth="2" />
          <rect x="21" y="24" width="6" height="1.5" rx="0.75" fill={fg} />
          <circle cx="24" cy="15" r="4" fill={accent} />
        </>
      )
    case 'voucher':
      return (
        <>
          <path d="M10 8 H38 V13 A3 3 0 0 0 38 19 V24 H10 V19 A3 3 0 0 0 10 13 Z" fill="none" stroke={fg} strokeWidth="2" />
          <rect x="17" y="13" width="14" height="6" rx="1" fill={fg} />
        </>
      )
    case 'circles':
      return (
        <>
          <circle cx="19" cy="16" r="9" fill={fg} />
          <circle cx="29" cy="16" r="9" fill={accent} fillOpacity="0.9" />
        </>
      )
    case 'apple':
      return (
        <>
          <path
            d="M27.6 16.7c0-2.4 2-3.5 2-3.6-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9-.7 0-1.8-.8-3-.8-1.6 0-3 .9-3.8 2.3-1.6 2.8-.4 6.9 1.2 9.1.8 1.1 1.7 2.3 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.2.9-1.3 1.3-2.5 1.3-2.6-.1 0-2.5-.9-2.5-3.6Z"
            fill={fg}
          />
          <path d="M25.4 9.7c.6-.8 1.1-1.8 1-2.9-.9 0-2.1.6-2.7 1.4-.6.7-1.1 1.8-1 2.8 1 .1 2.1-.5 2.7-1.3Z" fill={fg} />
        </>
      )
    case 'paypal':
      return (
        <>
          <path d="M17 26 L20 6 H27 C32 6 33 9 32 12 C31 16 28 17 24 17 H22 L20.5 26 Z" fill={fg} />
          <path d="M20 28 L23 10 H29 C33 10 35 12 34 16 C33 20 30 21 27 21 H25 L24 28 Z" fill={accent} fillOpacity="0.85" />
        </>
      )
  }
}

/** PaymentLogo is a method's mark, 48 by 32; the name beside it names the method. */
export function PaymentLogo({ method }: { method: PaymentMethod }) {
  const logo = LOGOS[method]
  return (
    <svg viewBox="0 0 48 32" width="48" height="32" aria-hidden="true" focusable="false" data-method={method}>
      <rect x="0.5" y="0.5" width="47" height="31" rx="4" fill={logo.bg} stroke="#adb5bd" />
      {drawing(logo.kind, logo.fg, logo.accent ?? logo.fg)}
    </svg>
  )
}
