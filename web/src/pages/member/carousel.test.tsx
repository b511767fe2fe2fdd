import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { ThemeProvider } from 'styled-components'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Image } from '../../boot/types'
import i18n, { initI18n, needPageTexts } from '../../i18n/i18n'
import { buildTheme } from '../../theme/theme'
import { boot } from '../../test/fixtures'
import { clampIndex, indexFromScroll, keyTarget } from './carousel'
import { Gallery } from './Gallery'

describe('carousel rules', () => {
  it('keeps the index within the photos', () => {
    expect(clampIndex(-1, 3)).toBe(0)
    expect(clampIndex(7, 3)).toBe(2)
    expect(clampIndex(1.4, 3)).toBe(1)
    expect(clampIndex(2, 0)).toBe(0)
  })
  it('reads the photo a swipe left in view from the scroll position', () => {
    expect(indexFromScroll(0, 300, 4)).toBe(0)
    expect(indexFromScroll(160, 300, 4)).toBe(1)
    expect(indexFromScroll(899, 300, 4)).toBe(3)
    expect(indexFromScroll(5000, 300, 4)).toBe(3)
    // right-to-left pages scroll to negative positions
    expect(indexFromScroll(-600, 300, 4)).toBe(2)
    expect(indexFromScroll(120, 0, 4)).toBe(0)
  })
  it.each([
    ['ArrowRight', 0, 1],
    ['ArrowRight', 2, 2],
    ['ArrowLeft', 0, 0],
    ['ArrowLeft', 2, 1],
    ['Home', 2, 0],
    ['End', 0, 2],
    ['Enter', 1, null],
  ])('%s from %i goes to %s', (key, from, want) => {
    expect(keyTarget(key, from, 3)).toBe(want)
  })
})

const photo = (n: number): Image => ({ filename: `p${n}.jpg`, thumb_filename: `p${n}t.jpg`, status: 'active', match: `/media/p${n}.jpg`, url: `/media/p${n}.jpg`, thumb_url: `/media/p${n}t.jpg` })

function show(photos: Image[]) {
  return render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={buildTheme(boot().theme)}>
        <MemoryRouter>
          <Gallery name="Eva" photos={photos} hidden={0} lock="none" loginTo="/login" />
        </MemoryRouter>
      </ThemeProvider>
    </I18nextProvider>,
  )
}

beforeAll(async () => {
  await initI18n('en')
  await needPageTexts()
})
afterEach(cleanup)

describe('Gallery', () => {
  it('shows every photo with its alt text, announced as photo n of total, stepped by buttons, keys and thumbnails', () => {
    show([photo(1), photo(2), photo(3)])
    const region = screen.getByRole('region', { name: 'Photos of Eva' })
    expect(region.getAttribute('aria-roledescription')).toBe('carousel')
    expect(screen.getAllByTestId('carousel-slide')).toHaveLength(3)
    expect(screen.getByAltText('Photo 3 of Eva')).toBeTruthy()
    const position = screen.getByTestId('carousel-position')
    expect(position.getAttribute('aria-live')).toBe('polite')
    expect(position.textContent).toBe('Photo 1 of 3')
    const previous = screen.getByRole<HTMLButtonElement>('button', { name: 'Previous photo' })
    const next = screen.getByRole<HTMLButtonElement>('button', { name: 'Next photo' })
    expect(previous.disabled).toBe(true)

    fireEvent.click(next)
    expect(position.textContent).toBe('Photo 2 of 3')
    expect(previous.disabled).toBe(false)
    fireEvent.keyDown(region, { key: 'ArrowRight' })
    expect(position.textContent).toBe('Photo 3 of 3')
    expect(next.disabled).toBe(true)
    fireEvent.keyDown(region, { key: 'Home' })
    expect(position.textContent).toBe('Photo 1 of 3')
    fireEvent.click(screen.getByRole('button', { name: 'Show photo 2' }))
    expect(position.textContent).toBe('Photo 2 of 3')
    // only the photo in view is exposed to screen readers
    expect(screen.getAllByTestId('carousel-slide').map((s) => s.getAttribute('aria-hidden'))).toEqual(['true', 'false', 'true'])
  })

  it('has no buttons or position for a single photo', () => {
    show([photo(1)])
    expect(screen.queryByTestId('carousel-position')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Next photo' })).toBeNull()
    expect(screen.getByAltText('Photo 1 of Eva')).toBeTruthy()
  })
})
