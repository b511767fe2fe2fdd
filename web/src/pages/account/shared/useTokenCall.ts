import { useEffect, useRef, useState } from 'react'
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
  const ran = useRef('')
  const callRef = useRef(call)
  callRef.current = call
  useEffect(() => {
    if (!token || ran.current === token) return
    ran.current = token
    setResult({ state: 'busy' })
    callRef
      .current(token)
      .then((value) => setResult({ state: 'done', value }))
      .catch((err: unknown) => setResult({ state: 'failed', error: accountErrorText(err) }))
  }, [token])
  return result
}
