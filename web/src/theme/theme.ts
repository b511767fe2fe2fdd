import type { DefaultTheme } from 'styled-components'
import type { BrandLook, ThemeTokens } from '../boot/types'
import { resolveLayout } from './layout'

/** Layout constants (breakpoints, container widths, grid), shared by every theme. */
export const breakpoints = { sm: 576, md: 768, lg: 992, xl: 1200 } as const
export const containerWidths = { sm: 540, md: 720, lg: 960, xl: 1140 } as const
export const gridColumns = 12
export const toastWidth = 350
export const modalWidth = 500
/** Stacking order of the layers every page may show. */
export const zIndex = { header: 100, dropdown: 200, banner: 300, modal: 1000, toast: 1100 }
/** space is the spacing scale: n steps of 4 px. */
export const space = (n: number): string => `${n * 4}px`

export type Breakpoint = keyof typeof breakpoints

const baseColors = {
  primary: '#d6336c',
  onPrimary: '#ffffff',
  secondary: '#7048e8',
  onSecondary: '#ffffff',
  background: '#ffffff',
  surface: '#ffffff',
  text: '#212529',
  textMuted: '#495057',
  border: '#dee2e6',
  link: '#c2255c',
  warning: '#f08c00',
  onWarning: '#212529',
  danger: '#c92a2a',
  onDanger: '#ffffff',
  success: '#2b7a3b',
  onSuccess: '#ffffff',
  info: '#1971c2',
  onInfo: '#ffffff',
  /** control outlines form fields: 3:1 on surface (WCAG 1.4.11), unlike border, which only separates. */
  control: '#868e96',
}

/** Type tokens: how headings and buttons are set (weights, case, tracking). */
const baseType = {
  headingWeight: '700',
  headingTransform: 'none',
  headingSpacing: 'normal',
  buttonWeight: '600',
  buttonTransform: 'none',
  buttonSpacing: 'normal',
}

/** Shape tokens: corner radii (button and card shapes included). */
const baseRadii = { sm: '4px', md: '8px', lg: '16px', button: '8px', card: '16px' }

const baseFonts = { body: 'system-ui, sans-serif', heading: 'system-ui, sans-serif' }

const baseShadows = { card: 'none' }

// The tenant's tokens reach the styles as CSS custom properties, which
// GlobalStyle sets on :root from the theme. A styled component whose CSS names
// only these (color.primary, radius.card, ...) and no function of its props is
// static: styled-components works its class out once, not on every render of
// every instance (on a phone, the chat's message list spent 150-300 ms of its
// first render there).
const tokenVars = <K extends string>(group: string, base: Record<K, string>) =>
  Object.fromEntries(Object.keys(base).map((k) => [k, `var(--${group}-${k})`])) as Record<K, string>

/** The theme's colours, as the CSS of a styled component names them. */
export const color = tokenVars('color', baseColors)
/** The theme's corner radii. */
export const radius = tokenVars('radius', baseRadii)
/** The theme's font stacks. */
export const font = tokenVars('font', baseFonts)
/** The theme's type tokens (weights, case, tracking). */
export const typeset = tokenVars('type', baseType)
/** The theme's shadows. */
export const shadow = tokenVars('shadow', baseShadows)

/** cssVariables declares a theme's tokens as the custom properties color, radius, font, typeset and shadow name. */
export function cssVariables(theme: DefaultTheme): string {
  const groups: [string, Record<string, string>][] = [
    ['color', theme.colors],
    ['radius', theme.radii],
    ['font', theme.fonts],
    ['type', theme.type],
    ['shadow', theme.shadows],
  ]
  return groups.map(([group, values]) => Object.entries(values).map(([k, v]) => `--${group}-${k}: ${v};`).join('')).join('')
}

export type ColorName = keyof typeof baseColors

/** media returns a min-width media query for a breakpoint. */
export const media = (bp: Breakpoint): string => `@media (min-width: ${breakpoints[bp]}px)`

/** below returns a max-width media query for the screens narrower than a breakpoint (phones: below('md')). */
export const below = (bp: Breakpoint): string => `@media (max-width: ${breakpoints[bp] - 0.02}px)`

/**
 * buildTheme merges a tenant's theme.json tokens over the defaults, and the
 * brand's own look over the theme's: its layout choices, its logo and icon.
 */
export function buildTheme(tokens: ThemeTokens | null | undefined, look?: BrandLook | null): DefaultTheme {
  const t = tokens ?? {}
  const pick = <T extends Record<string, string>>(base: T, over: Partial<Record<string, string>> | undefined): T => {
    const out: Record<string, string> = { ...base }
    for (const k of Object.keys(base)) {
      const v = over?.[k]
      if (typeof v === 'string' && v !== '') out[k] = v
    }
    return out as T
  }
  return {
    name: t.name ?? 'default',
    colors: pick(baseColors, t.colors),
    fonts: pick(baseFonts, t.fonts),
    radii: pick(baseRadii, t.radii),
    type: pick(baseType, t.type),
    shadows: pick(baseShadows, t.shadows),
    logo: look?.logo || t.logo || '',
    logoSrcSet: look?.logo ? '' : (t.logoSrcSet ?? ''),
    icon: look?.icon || t.icon || '/favicon.svg',
    layout: resolveLayout(t.layout, look?.layout),
  }
}
