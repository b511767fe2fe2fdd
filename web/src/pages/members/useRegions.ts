import { useEffect, useState } from 'react'
import type { Regions } from '../../api/calls'
import { useApi } from '../../state/context'

/** useRegions loads a country's regions once (regions.php is cached). */
export function useRegions(country: string): Regions | null {
  const api = useApi()
  const [regions, setRegions] = useState<Regions | null>(null)
  useEffect(() => {
    let live = true
    setRegions(null)
    if (!country) return
    api
      .regions(country)
      .then((r) => live && setRegions(r))
      .catch(() => live && setRegions(null))
    return () => {
      live = false
    }
  }, [api, country])
  return regions
}
