import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sourceFiles } from '../test/sources'
import { buildTheme, color, cssVariables, font, radius, shadow, typeset } from './theme'

const src = join(__dirname, '..')

describe('theme tokens as CSS custom properties', () => {
  it('declares every token the components name', () => {
    const declared = new Set(cssVariables(buildTheme(null)).match(/--[\w-]+(?=:)/g))
    const named = [color, radius, font, typeset, shadow].flatMap((group) => Object.values(group).map((v) => /^var\((--[\w-]+)\)$/.exec(v)?.[1]))
    expect(named.length).toBeGreaterThan(20)
    for (const name of named) expect(declared, String(name)).toContain(name)
  })

  it('declares a theme’s own values', () => {
    const css = cssVariables(buildTheme({ colors: { primary: '#123456' }, radii: { button: '999px' } }))
    expect(css).toContain('--color-primary: #123456;')
    expect(css).toContain('--radius-button: 999px;')
  })

  // A component reading the theme in its CSS (${(p) => p.theme.colors.x})
  // is worked out again on every render of every instance.
  it('leaves the theme out of the components’ CSS (only GlobalStyle reads it)', () => {
    const found = sourceFiles(src)
      .filter((path) => !path.endsWith(join('theme', 'GlobalStyle.ts')))
      .filter((path) => /\b\w+\.theme\.(colors|radii|fonts|type|shadows|space)\b/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(src, path))
    expect(found).toEqual([])
  })

  // The components the screens draw many of keep their states in attributes.
  it.each([
    ['pages/chats/MessageList.tsx', 'Bubble'],
    ['pages/chats/Avatar.tsx', 'Frame'],
    ['pages/members/ProfileCard.tsx', 'Marker'],
    ['pages/members/ProfileCard.tsx', 'LikeToggle'],
    ['components/Button.tsx', 'buttonStyle'],
  ])('%s: %s has static CSS', (file, name) => {
    const code = readFileSync(join(src, file), 'utf8')
    const template = new RegExp(`const ${name} = (?:styled[.\\w()<>'"]*|css)\`([^\`]*)\``).exec(code)?.[1]
    expect(template, `${name} in ${file}`).toBeDefined()
    expect(template).not.toMatch(/=>/)
  })
})
