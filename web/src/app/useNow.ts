import { useEffect, useState } from 'react'

/** useNow is the time, updated every tick ms while active. */
export function useNow(tick: number, active = true): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    setNow(Date.now())
    const id = setInterval(() => setNow(Date.now()), tick)
    return () => clearInterval(id)
  }, [tick, active])
  return now
}
