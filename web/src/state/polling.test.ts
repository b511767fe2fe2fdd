import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FIRST_REFRESH_MS, PUSH_REFRESH_MS, REFRESH_MS, refreshInterval, startPolling } from './polling'

describe('polling', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('starts 5 s after load, then every 60 s, or 300 s with push', async () => {
    expect([FIRST_REFRESH_MS, REFRESH_MS, PUSH_REFRESH_MS]).toEqual([5000, 60000, 300000])
    let push = false
    const run = vi.fn(async () => {})
    const stop = startPolling(run, () => refreshInterval(push))
    await vi.advanceTimersByTimeAsync(4999)
    expect(run).toHaveBeenCalledTimes(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(run).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(run).toHaveBeenCalledTimes(2)
    push = true
    await vi.advanceTimersByTimeAsync(60_000)
    expect(run).toHaveBeenCalledTimes(3)
    await vi.advanceTimersByTimeAsync(299_999)
    expect(run).toHaveBeenCalledTimes(3)
    await vi.advanceTimersByTimeAsync(1)
    expect(run).toHaveBeenCalledTimes(4)
    stop()
    await vi.advanceTimersByTimeAsync(1_000_000)
    expect(run).toHaveBeenCalledTimes(4)
  })

  it('keeps polling after a failed round', async () => {
    const run = vi.fn(() => Promise.reject(new Error('offline')))
    const stop = startPolling(run, () => 1000)
    await vi.advanceTimersByTimeAsync(5000 + 3000)
    expect(run).toHaveBeenCalledTimes(4)
    stop()
  })
})
