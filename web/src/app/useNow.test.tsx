import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useNow } from './useNow'

function Time({ id, tick = 1000, active = true }: { id: string; tick?: number; active?: boolean }) {
  return <span data-testid={id}>{useNow(tick, active)}</span>
}
const shown = (id: string) => Number(screen.getByTestId(id).textContent)

describe('useNow', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(1_000_000)
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  it('shows the time and moves it every tick, one timer for all that show it', () => {
    render(
      <>
        <Time id="a" />
        <Time id="b" />
        <Time id="c" tick={60_000} />
      </>,
    )
    expect(shown('a')).toBe(1_000_000)
    expect(vi.getTimerCount()).toBe(2) // one per tick length, not one per component
    act(() => {
      vi.advanceTimersByTime(1000)
    })
    expect(shown('a')).toBe(1_001_000)
    expect(shown('b')).toBe(1_001_000)
    expect(shown('c')).toBe(1_000_000)
    act(() => {
      vi.advanceTimersByTime(59_000)
    })
    expect(shown('c')).toBe(1_060_000)
  })

  it('stops when nothing shows it, and shows the time at once when it starts again', () => {
    const { rerender, unmount } = render(<Time id="a" tick={5000} active={false} />)
    expect(vi.getTimerCount()).toBe(0)
    vi.setSystemTime(1_003_000)
    rerender(<Time id="a" tick={5000} active />)
    expect(shown('a')).toBe(1_003_000)
    act(() => {
      vi.advanceTimersByTime(5000)
    })
    expect(shown('a')).toBe(1_008_000)
    unmount()
    expect(vi.getTimerCount()).toBe(0)
  })
})
