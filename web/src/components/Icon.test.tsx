import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import LucideArrowLeft from 'lucide-react/icons/arrow-left'
import LucideChevronDown from 'lucide-react/icons/chevron-down'
import { ArrowLeft, ChevronDown, Gift, Icon } from './Icon'
import { fictionalIcon, giftIcon, giftIcons } from './iconSets'
import { sourceFiles } from '../test/sources'

const src = join(__dirname, '..')
const root = join(src, '..', '..')

// Pictographs a system without an emoji font draws as empty boxes. The
// typographic marks ©, ® and ™ are letters of every font, so they may stay.
const emoji = /(?![\u00a9\u00ae\u2122])\p{Extended_Pictographic}|\ufe0f/u

describe('icons', () => {
  it('leaves no emoji in the app sources and catalogues (icons come from components/Icon)', () => {
    const found = sourceFiles(src).flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .flatMap((line, i) => (emoji.test(line) ? [`${relative(src, path)}:${i + 1}: ${line.trim()}`] : [])),
    )
    expect(found).toEqual([])
  })

  // Arrows, crosses, chevrons and ticks typed as text are icons in disguise:
  // their size, weight and baseline follow the font, and some fonts lack them.
  // The member app draws them with Icon (ArrowLeft, X, ChevronDown, ...).
  it('draws no arrow, cross or chevron as a text glyph in the member app', () => {
    const glyph = /[\u2190-\u2193\u00d7\u2715\u2716\u2713\u2714\u25b2-\u25bf\u2630\u2039\u203a]/u
    const code = (line: string) => line.replace(/\/\/.*$|\/\*.*?\*\/|^\s*\*.*$/g, '')
    const found = sourceFiles(src)
      .filter((path) => path.endsWith('.tsx') && !relative(src, path).startsWith('console'))
      .flatMap((path) =>
        readFileSync(path, 'utf8')
          .split('\n')
          .flatMap((line, i) => (glyph.test(code(line)) ? [`${relative(src, path)}:${i + 1}: ${line.trim()}`] : [])),
      )
    expect(found).toEqual([])
  })

  it('draws every gift icon the demo brands name, none as the fallback', () => {
    const dir = join(root, 'tenants', 'demo')
    const names = readdirSync(dir)
      .filter((f) => f.endsWith('.yaml'))
      .flatMap((f) => [...readFileSync(join(dir, f), 'utf8').matchAll(/^\s+- \{id: [a-z0-9_-]+,.*icon: "?([^",}]+)"?/gm)].map((m) => m[1]))
    expect(names.length).toBeGreaterThan(5)
    for (const name of names) expect(giftIcons, `gift icon ${name}`).toHaveProperty(name)
    expect(giftIcon('🌹')).toBe(Gift)
    expect(giftIcon(undefined)).toBe(Gift)
  })

  it('is decorative next to text and named when alone', () => {
    const { container } = render(
      <>
        <Icon icon={Gift} data-testid="decorative" />
        <Icon icon={Gift} label="Send a gift" data-testid="alone" />
      </>,
    )
    const [decorative, alone] = container.querySelectorAll('svg')
    expect(decorative.getAttribute('aria-hidden')).toBe('true')
    expect(decorative.getAttribute('role')).toBeNull()
    expect(alone.getAttribute('role')).toBe('img')
    expect(alone.getAttribute('aria-label')).toBe('Send a gift')
    expect(alone.getAttribute('aria-hidden')).toBeNull()
  })

  it('draws the first screen\'s glyphs (glyphs.tsx) as lucide-react draws them', () => {
    for (const [glyph, lucide] of [
      [ArrowLeft, LucideArrowLeft],
      [ChevronDown, LucideChevronDown],
    ] as const) {
      for (const label of [undefined, 'Back']) {
        const ours = render(<Icon icon={glyph} label={label} size="1em" />).container.innerHTML
        const theirs = render(<Icon icon={lucide} label={label} size="1em" />).container.innerHTML
        expect(ours).toBe(theirs)
      }
    }
  })

  it('names the fictional marker icons of the settings', () => {
    expect(fictionalIcon('mask')).not.toBeNull()
    expect(fictionalIcon('robot')).not.toBe(fictionalIcon('mask'))
    expect(fictionalIcon('')).toBeNull()
    expect(fictionalIcon('🤡')).toBeNull()
  })
})
