import { useEffect, useState } from 'react'

/** useNow is the time, updated every tick ms while active. */
export function useNow(tick: number, active = true): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    const update = () => setNow(Date.now())
    // Becoming active shows the time at once, then every tick.
    const first = setTimeout(update, 0)
    const id = setInterval(update, tick)
    return () => {
      clearTimeout(first)
      clearInterval(id)
    }
  }, [tick, active])
  return now
}
