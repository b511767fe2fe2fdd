import { act, cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useLoad, wait, type Load } from './useLoad'
import { isAborted } from './http'
import { settle } from '../test/act'

/** Call is one load the hook started: its signal, the data shown then, and how to answer it. */
interface Call {
  key: string
  signal: AbortSignal
  shown: string | null
  resolve: (v: string) => void
  reject: (e: unknown) => void
}

function harness(initialKey: string | null) {
  const calls: Call[] = []
  let current: Load<string> | null = null
  function Probe({ k }: { k: string | null }) {
    current = useLoad<string>(k, (signal, shown) => new Promise<string>((resolve, reject) => calls.push({ key: k ?? '', signal, shown, resolve, reject })))
    return null
  }
  const view = render(<Probe k={initialKey} />)
  return {
    calls,
    get load() {
      return current!
    },
    rerender: (k: string | null) => view.rerender(<Probe k={k} />),
    unmount: () => view.unmount(),
  }
}


afterEach(cleanup)

describe('useLoad', () => {
  it('loads for its key and shows the answer', async () => {
    const h = harness('a')
    expect(h.load.state).toEqual({ status: 'loading' })
    expect(h.calls.map((c) => c.key)).toEqual(['a'])
    await settle(() => h.calls[0].resolve('A'))
    expect(h.load.state).toEqual({ status: 'done', data: 'A' })
  })

  it('shows a failure with its error', async () => {
    const h = harness('a')
    const err = new Error('boom')
    await settle(() => h.calls[0].reject(err))
    expect(h.load.state).toEqual({ status: 'failed', error: err })
  })

  it('loads nothing for a null key', async () => {
    const h = harness(null)
    await settle()
    expect(h.calls).toHaveLength(0)
    expect(h.load.state.status).toBe('loading')
  })

  it('loads again for a new key, aborting the old load, whose late answer never lands', async () => {
    const h = harness('a')
    h.rerender('b')
    await settle()
    const [a, b] = h.calls
    expect(a.signal.aborted).toBe(true)
    expect(b.signal.aborted).toBe(false)
    await settle(() => a.resolve('A'))
    expect(h.load.state.status).toBe('loading')
    await settle(() => b.resolve('B'))
    expect(h.load.state).toEqual({ status: 'done', data: 'B' })
    expect(h.load.latest).toBe('B')
  })

  it('keeps the last data as latest while another key loads', async () => {
    const h = harness('a')
    await settle(() => h.calls[0].resolve('A'))
    h.rerender('b')
    await settle()
    expect(h.load.state.status).toBe('loading')
    expect(h.load.latest).toBe('A')
  })

  it('aborts the running load on unmount', () => {
    const h = harness('a')
    h.unmount()
    expect(h.calls[0].signal.aborted).toBe(true)
  })

  it('reloads keeping the data on screen, and passes it to the load', async () => {
    const h = harness('a')
    await settle(() => h.calls[0].resolve('A1'))
    act(() => h.load.reload())
    await settle()
    expect(h.calls).toHaveLength(2)
    expect(h.calls[1].shown).toBe('A1')
    expect(h.load.state).toEqual({ status: 'done', data: 'A1' })
    await settle(() => h.calls[1].resolve('A2'))
    expect(h.load.state).toEqual({ status: 'done', data: 'A2' })
  })

  it('shows loading again when a failed load is tried again', async () => {
    const h = harness('a')
    await settle(() => h.calls[0].reject(new Error('down')))
    act(() => h.load.reload())
    await settle()
    expect(h.load.state.status).toBe('loading')
    expect(h.calls[1].shown).toBeNull()
  })

  it('updates the loaded data in place, and not before it came', async () => {
    const h = harness('a')
    act(() => h.load.update((d) => d + '!'))
    expect(h.load.state.status).toBe('loading')
    await settle(() => h.calls[0].resolve('A'))
    act(() => h.load.update((d) => d + '!'))
    expect(h.load.state).toEqual({ status: 'done', data: 'A!' })
    expect(h.calls).toHaveLength(1)
  })
})

describe('wait', () => {
  it('resolves after the delay', async () => {
    await expect(wait(1, new AbortController().signal)).resolves.toBeUndefined()
  })
  it('rejects as aborted when its signal aborts', async () => {
    const ctl = new AbortController()
    const p = wait(60_000, ctl.signal)
    ctl.abort()
    expect(isAborted(await p.catch((e: unknown) => e))).toBe(true)
  })
})
