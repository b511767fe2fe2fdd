import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { ThemeProvider } from 'styled-components'
import { afterEach, describe, expect, it } from 'vitest'
import type { ThemeTokens } from '../boot/types'
import { Button } from '../components/Button'
import { Panel } from '../components/Page'
import { Logo } from '../nav/Logo'
import { ServicesProvider, createServices } from '../state/context'
import { boot } from '../test/fixtures'
import { buildTheme, cssVariables } from './theme'

// Brands that look like brands: each theme has its own logo drawing and its
// own type and shape, not one heart recoloured.
const themesDir = join(__dirname, '..', '..', '..', 'themes')
const names = readdirSync(themesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(themesDir, d.name, 'theme.json')))
  .map((d) => d.name)
const tokens = (name: string) => JSON.parse(readFileSync(join(themesDir, name, 'theme.json'), 'utf8')) as ThemeTokens
const svg = (name: string, file: string) => readFileSync(join(themesDir, name, file), 'utf8')

afterEach(cleanup)

/** drawing is an SVG's shapes without colours or comments, to compare drawings, not paint. */
const drawing = (text: string) =>
  text
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\s(fill|stroke|stop-color|color|style)="[^"]*"/g, '')
    .replace(/\s+/g, ' ')
    .trim()

describe('theme logos', () => {
  it.each(names)('%s has a logo and an icon, SVGs the theme names', (name) => {
    const t = tokens(name)
    expect(t.logo).toBe(`/themes/${name}/logo.svg`)
    expect(t.icon).toBe(`/themes/${name}/icon.svg`)
    for (const file of ['logo.svg', 'icon.svg']) {
      const doc = new DOMParser().parseFromString(svg(name, file), 'image/svg+xml')
      expect(doc.querySelector('parsererror'), `${name}/${file}`).toBeNull()
      expect(doc.documentElement.getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+$/)
      expect(doc.querySelectorAll('path, circle, rect, polygon').length).toBeGreaterThan(1)
    }
  })

  it('draws a different mark for every theme (not one drawing recoloured)', () => {
    const drawings = names.map((n) => drawing(svg(n, 'logo.svg')))
    expect(new Set(drawings).size).toBe(names.length)
  })
})

describe('theme tokens', () => {
  const defaults = buildTheme(null)
  it.each(names)('%s sets every colour, type and shape token itself', (name) => {
    const t = tokens(name)
    for (const group of ['colors', 'fonts', 'radii', 'type', 'shadows'] as const) {
      const want = Object.keys(defaults[group]).sort()
      expect(Object.keys(t[group] ?? {}).sort(), `${name}.${group}`).toEqual(want)
    }
  })

  it('gives the demo brands different type and shape', () => {
    const demo = ['amber', 'midnight', 'rose'].map((n) => buildTheme(tokens(n)))
    for (const key of ['heading', 'body'] as const) expect(new Set(demo.map((t) => t.fonts[key])).size).toBe(3)
    expect(new Set(demo.map((t) => t.radii.button)).size).toBe(3)
    expect(new Set(demo.map((t) => t.radii.card)).size).toBe(3)
    expect(new Set(demo.map((t) => `${t.type.buttonWeight} ${t.type.buttonTransform} ${t.type.buttonSpacing}`)).size).toBe(3)
    expect(new Set(demo.map((t) => `${t.type.headingWeight} ${t.type.headingTransform} ${t.type.headingSpacing}`)).size).toBe(3)
  })

  it.each(['amber', 'midnight', 'rose'])('%s shapes buttons and cards with its tokens', (name) => {
    const theme = buildTheme(tokens(name))
    render(
      <ThemeProvider theme={theme}>
        <Button type="button">Go</Button>
        <Panel data-testid="panel">x</Panel>
      </ThemeProvider>,
    )
    // The components name the tokens (var(--radius-button)), which GlobalStyle
    // declares on the root from the theme (cssVariables); jsdom substitutes
    // no var(), and the browser tests see the result.
    const declared = new Map(cssVariables(theme).split(';').filter(Boolean).map((d) => d.split(/:\s*/) as [string, string]))
    const used = (el: HTMLElement, prop: string) =>
      getComputedStyle(el)
        .getPropertyValue(prop)
        .replace(/var\((--[\w-]+)\)/g, (_, name: string) => declared.get(name) ?? `undeclared ${name}`)
    const button = screen.getByRole('button', { name: 'Go' })
    expect(used(button, 'border-radius')).toBe(theme.radii.button)
    expect(used(button, 'letter-spacing')).toBe(theme.type.buttonSpacing)
    expect(used(button, 'text-transform')).toBe(theme.type.buttonTransform)
    expect(used(screen.getByTestId('panel'), 'border-radius')).toBe(theme.radii.card)
  })
})

describe('Logo', () => {
  it('is a home link named with the brand, drawing the theme logo', () => {
    // the logo as the engine's boot state gives it: its PNG images (engine/webapp/icons.go)
    const drawn = { logo: '/themes/midnight/logo-72.png', logoSrcSet: '/themes/midnight/logo-72.png 2x, /themes/midnight/logo-108.png 3x' }
    const b = boot({ tenant: { slug: 'herzklopfen', name: 'Herzklopfen' }, theme: { ...tokens('midnight'), ...drawn } })
    render(
      <ServicesProvider services={createServices(b)}>
        <ThemeProvider theme={buildTheme(b.theme)}>
          <MemoryRouter>
            <Logo onPrimary />
          </MemoryRouter>
        </ThemeProvider>
      </ServicesProvider>,
    )
    const link = screen.getByRole('link', { name: 'Herzklopfen' })
    expect(link.getAttribute('href')).toBe('/')
    const mark = screen.getByRole('img', { name: 'Herzklopfen' })
    expect(mark.getAttribute('src')).toBe('/themes/midnight/logo-72.png')
    expect(mark.getAttribute('srcset')).toBe('/themes/midnight/logo-72.png 2x, /themes/midnight/logo-108.png 3x')
    expect(screen.getByTestId('site-name').textContent).toBe('Herzklopfen')
  })
})
