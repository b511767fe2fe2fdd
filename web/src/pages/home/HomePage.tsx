import { use } from 'react'
import { Navigate } from 'react-router'
import { useTheme } from 'styled-components'
import { loadOrReload } from '../../app/lazyPage'
import { usePageTitle } from '../../components/Page'
import { useAppState } from '../../state/context'
import type { HomeVariant, Layout } from '../../theme/layout'
import { useHomeCopy } from './copy'
import { LookedHome, type HomeLook } from './parts'

/**
 * looks are the home's layout variants, each a chunk of its own: a brand's
 * page loads its own variant's code only. The engine names the brand's
 * variant chunk in the page (dist/preload.json's layoutVariants) and
 * main.tsx has it in before the first render (preloadFirstRender), so it comes
 * with the home's code, not after it.
 */
const looks: Record<HomeVariant, () => Promise<{ look: HomeLook }>> = {
  'photo-hero': () => import('./variants/photo-hero'),
  'split-signup': () => import('./variants/split-signup'),
  'grid-first': () => import('./variants/grid-first'),
}

const loading = new Map<HomeVariant, Promise<HomeLook>>()
const loaded = new Map<HomeVariant, HomeLook>()

/** lookOf is the variant's look, loaded once. */
function lookOf(variant: HomeVariant): Promise<HomeLook> {
  let p = loading.get(variant)
  if (!p) {
    p = loadOrReload(looks[variant]).then((m) => (loaded.set(variant, m.look), m.look))
    loading.set(variant, p)
  }
  return p
}

/** preloadFirstRender fetches the chunk of the brand's home variant. */
export async function preloadFirstRender(layout: Layout): Promise<void> {
  // A failure shows when the page renders (the error page, or a reload).
  await lookOf(layout.home).catch(() => {})
}

/**
 * HomePage sells the site to visitors in the layout the brand's theme (or
 * its file) chooses: a photo hero, a split hero with the signup form, or
 * the members' grid first; then its sections (teasers from the boot state,
 * no API call; how it works; trust and safety; the call to sign up) in the
 * layout's order, each in the variant's manner. The words are the brand's
 * own or its niche's. Members go straight to the search.
 */
export function HomePage() {
  const user = useAppState((s) => s.user)
  const teasers = useAppState((s) => s.teasers)
  const { layout } = useTheme()
  const copy = useHomeCopy()
  usePageTitle(null)
  if (user) return <Navigate to="/members" replace />
  // Preloaded before the first render; loaded here when the theme changes.
  const look = loaded.get(layout.home) ?? use(lookOf(layout.home))
  return <LookedHome look={look} sections={layout.sections} copy={copy} teasers={teasers} />
}
