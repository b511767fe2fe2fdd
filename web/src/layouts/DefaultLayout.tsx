import { TabBar } from '../app/member'
import { Header } from '../nav/Header'
import { useAppState } from '../state/context'
import { EntryWarning } from './parts/EntryWarning'
import { NewLikersWatch } from './parts/NewLikersWatch'
import { AlertBanners, DefaultOverlays, Later } from './parts/later'
import { Disclaimer, Footer } from './parts/pageEndLater'
import { SkipLink } from './parts/SkipLink'
import { Main, Shell } from './Main'

/**
 * default: top navigation, warning banners, footer, disclaimer, entry
 * warning, signup modal, like modal and time-bonus modal, the new-like
 * popup and the match moment (these, the banners and the page's end in
 * their own chunks, parts/later.tsx; the new likes are queued from the first render on, by
 * NewLikersWatch); on a member's phone the bottom tab bar
 * (sticky, so it stays in view while the page scrolls).
 */
export function DefaultLayout() {
  const member = useAppState((s) => !!s.user)
  return (
    <Shell data-layout="default">
      <SkipLink />
      <EntryWarning />
      <Header />
      {member && <Later part={AlertBanners} />}
      <Main />
      <Later part={Disclaimer} />
      <Later part={Footer} />
      {member && <Later part={TabBar} />}
      <NewLikersWatch />
      <Later part={DefaultOverlays} />
    </Shell>
  )
}
