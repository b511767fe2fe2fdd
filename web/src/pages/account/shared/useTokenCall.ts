import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { accountErrorText, type Text } from './errors'

export type TokenCall<T> = { state: 'idle' } | { state: 'busy' } | { state: 'done'; value: T } | { state: 'failed'; error: Text }

/**
 * useTokenCall runs call once with the ?token= of a mailed link; without a
 * token the state stays idle.
 */
export function useTokenCall<T>(call: (token: string) => Promise<T>): TokenCall<T> {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const [result, setResult] = useState<TokenCall<T>>(token ? { state: 'busy' } : { state: 'idle' })
  // A link's token is spent by its call: it runs once per token, even when the effect runs again.
  const ran = useRef('')
  const run = useEffectEvent((t: string) => call(t))
  useEffect(() => {
    if (!token || ran.current === token) return
    ran.current = token
    run(token)
      .then((value) => setResult({ state: 'done', value }))
      .catch((err: unknown) => setResult({ state: 'failed', error: accountErrorText(err) }))
  }, [token])
  return result
}
