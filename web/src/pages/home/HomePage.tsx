import { Navigate } from 'react-router'
import { useTheme } from 'styled-components'
import { usePageTitle } from '../../components/Page'
import { useAppState } from '../../state/context'
import { useHomeCopy } from './copy'
import { GridFirstHero, PhotoHero, SplitSignupHero } from './Heroes'
import { Section } from './Sections'

/**
 * HomePage sells the site to visitors in the layout the brand's theme (or
 * its file) chooses: a photo hero, a split hero with the signup form, or
 * the members' grid first; then its sections (teasers from the boot state,
 * no API call; how it works; trust and safety; the call to sign up) in the
 * layout's order. The words are the brand's own or its niche's. Members go
 * straight to the search.
 */
export function HomePage() {
  const user = useAppState((s) => s.user)
  const teasers = useAppState((s) => s.teasers)
  const { layout } = useTheme()
  const copy = useHomeCopy()
  usePageTitle(null)
  if (user) return <Navigate to="/members" replace />
  const variant = layout.home
  // The grid-first page shows the members in its first screen already.
  const sections = variant === 'grid-first' ? layout.sections.filter((s) => s !== 'teasers') : layout.sections
  return (
    <>
      {variant === 'photo-hero' && <PhotoHero copy={copy} cover={teasers.find((c) => c.main_image)} />}
      {variant === 'split-signup' && <SplitSignupHero copy={copy} />}
      {variant === 'grid-first' && <GridFirstHero copy={copy} teasers={teasers} />}
      {sections.map((id) => (
        <Section key={id} id={id} variant={variant} copy={copy} teasers={teasers} />
      ))}
    </>
  )
}
