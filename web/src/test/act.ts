import { act } from '@testing-library/react'

/**
 * settle runs step (a click, a pending call's answer) in React's asynchronous
 * act: act waits for it and renders what the promises it started bring (a
 * mocked call's answer), so the test goes on with the settled page. Without a
 * step it only lets what is pending settle.
 */
export function settle(step: () => unknown = () => {}): Promise<void> {
  return act(async () => {
    await step()
  })
}
