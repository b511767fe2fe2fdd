import { act, cleanup, render, screen } from '@testing-library/react'
import { ThemeProvider } from 'styled-components'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { initI18n } from '../i18n/i18n'
import { buildTheme } from '../theme/theme'
import { LOADER_DURATION_MS, LOADER_THROTTLE_MS, PageLoading } from './PageLoading'

const show = (failed = false) =>
  render(
    <ThemeProvider theme={buildTheme(null)}>
      <PageLoading failed={failed} />
    </ThemeProvider>,
  )

const bar = () => screen.queryByRole('progressbar')
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms)
  })

beforeAll(async () => {
  await initI18n('en')
})
beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('PageLoading', () => {
  it('shows after 200 ms and completes 5000 ms after the start', () => {
    expect([LOADER_THROTTLE_MS, LOADER_DURATION_MS]).toEqual([200, 5000])
    show()
    advance(199)
    expect(bar()).toBeNull()
    advance(1)
    expect(bar()?.getAttribute('data-state')).toBe('loading')
    advance(4799)
    expect(bar()).toBeTruthy()
    advance(1)
    expect(bar()).toBeNull()
  })

  it('shows a failed loader at once, for the same duration', () => {
    show(true)
    expect(bar()?.getAttribute('data-state')).toBe('failed')
    expect(bar()?.getAttribute('aria-label')).toBe('Loading failed')
    advance(LOADER_DURATION_MS)
    expect(bar()).toBeNull()
  })
})
