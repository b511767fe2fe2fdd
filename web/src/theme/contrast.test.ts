import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ThemeTokens } from '../boot/types'
import { colorPairs, contrastRatio } from './contrast'
import { buildTheme } from './theme'

// Every theme the engine serves (each folder of themes/ holding a theme.json) and the app's defaults.
const themesDir = join(__dirname, '..', '..', '..', 'themes')
const themes: [string, ThemeTokens | null][] = [
  ['default', null],
  ...readdirSync(themesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(themesDir, d.name, 'theme.json')))
    .map((d): [string, ThemeTokens] => [d.name, JSON.parse(readFileSync(join(themesDir, d.name, 'theme.json'), 'utf8')) as ThemeTokens]),
]

describe('contrastRatio', () => {
  it.each([
    ['#ffffff', '#000000', 21],
    ['#ffffff', '#ffffff', 1],
    ['#ffffff', '#f59f00', 2.14],
    ['#ffffff', '#d9480f', 4.31],
  ])('%s on %s is %f', (fg, bg, want) => {
    expect(contrastRatio(fg, bg)).toBeCloseTo(want, 1)
  })
})

describe('theme contrast (WCAG AA)', () => {
  it('reads the three demo themes', () => {
    expect(themes.map(([n]) => n)).toEqual(expect.arrayContaining(['amber', 'midnight', 'rose']))
  })

  const cases = themes.flatMap(([name, tokens]) => colorPairs.map((pair) => ({ name, tokens, ...pair })))
  it.each(cases)('$name: $fg on $bg ($where)', ({ tokens, fg, bg, kind }) => {
    const colors = buildTheme(tokens).colors
    const min = kind === 'text' ? 4.5 : 3
    const ratio = contrastRatio(colors[fg], colors[bg])
    expect(ratio, `${colors[fg]} on ${colors[bg]} is ${ratio.toFixed(2)}:1, needs ${min}:1`).toBeGreaterThanOrEqual(min)
  })
})
