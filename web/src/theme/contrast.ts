import type { ColorName } from './theme'

/** relativeLuminance is WCAG 2.x's relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const m = /^#([0-9a-f]{6})$/i.exec(hex.trim())
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`)
  const n = parseInt(m[1], 16)
  const channel = (c: number) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255)
}

/** contrastRatio is WCAG 2.x's contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

/**
 * ColorPair is one foreground on one background the member app draws. kind
 * 'text' needs 4.5:1 (WCAG AA body text); 'ui' is a non-text mark (focus ring,
 * outline) and needs 3:1.
 */
export interface ColorPair {
  fg: ColorName
  bg: ColorName
  kind: 'text' | 'ui'
  where: string
}

/**
 * colorPairs lists every text/background pair of theme colours the UI uses, so
 * the theme test can hold every theme to WCAG AA. A component that puts a
 * colour on another adds its pair here.
 */
export const colorPairs: ColorPair[] = [
  { fg: 'text', bg: 'background', kind: 'text', where: 'page text' },
  { fg: 'text', bg: 'surface', kind: 'text', where: 'cards, forms, modals, menus' },
  { fg: 'text', bg: 'border', kind: 'text', where: 'avatars, hovered conversation' },
  { fg: 'textMuted', bg: 'border', kind: 'text', where: 'photo placeholder, day separator' },
  { fg: 'textMuted', bg: 'background', kind: 'text', where: 'footer notes, disclaimer' },
  { fg: 'textMuted', bg: 'surface', kind: 'text', where: 'hints, card details' },
  { fg: 'link', bg: 'background', kind: 'text', where: 'links' },
  { fg: 'link', bg: 'surface', kind: 'text', where: 'links on cards, skip link' },
  { fg: 'background', bg: 'text', kind: 'text', where: '18+ entry warning' },
  { fg: 'surface', bg: 'text', kind: 'text', where: 'package ribbon' },
  { fg: 'onPrimary', bg: 'primary', kind: 'text', where: 'header, primary Button, badges, pagination, hero' },
  { fg: 'primary', bg: 'background', kind: 'text', where: 'secondary Button, error page' },
  { fg: 'primary', bg: 'surface', kind: 'text', where: 'logo, toggles, hero button' },
  { fg: 'onSecondary', bg: 'secondary', kind: 'text', where: 'offer banner' },
  { fg: 'onWarning', bg: 'warning', kind: 'text', where: 'warning banner, badges, tags' },
  { fg: 'onInfo', bg: 'info', kind: 'text', where: 'info banner, notices, online pill' },
  { fg: 'onSuccess', bg: 'success', kind: 'text', where: 'success notices, tags' },
  { fg: 'onDanger', bg: 'danger', kind: 'text', where: 'error notices, badges' },
  { fg: 'danger', bg: 'surface', kind: 'text', where: 'form errors' },
  { fg: 'danger', bg: 'background', kind: 'text', where: 'errors on the page' },
  { fg: 'success', bg: 'surface', kind: 'text', where: 'swipe like stamp, online' },
  { fg: 'success', bg: 'background', kind: 'text', where: 'online on the profile page' },
  { fg: 'control', bg: 'surface', kind: 'ui', where: 'form field outlines (text fields, selects, text areas)' },
  { fg: 'onPrimary', bg: 'primary', kind: 'ui', where: 'logo mark and icons in the header' },
  { fg: 'primary', bg: 'background', kind: 'ui', where: 'secondary Button outline, selected borders on the page' },
  { fg: 'secondary', bg: 'background', kind: 'ui', where: 'focus ring' },
  { fg: 'onPrimary', bg: 'primary', kind: 'ui', where: 'focus ring on the coloured header' },
  { fg: 'primary', bg: 'surface', kind: 'ui', where: 'outlines, selected borders' },
  { fg: 'primary', bg: 'surface', kind: 'text', where: 'the active tab of the phone tab bar' },
  { fg: 'textMuted', bg: 'surface', kind: 'text', where: 'the other tabs of the phone tab bar' },
  { fg: 'secondary', bg: 'surface', kind: 'ui', where: 'focus ring in the phone tab bar' },
]
