import { Header } from '../nav/Header'
import { TabBar } from '../nav/TabBar'
import { AlertBanners } from './parts/AlertBanners'
import { Disclaimer } from './parts/Disclaimer'
import { EntryWarning } from './parts/EntryWarning'
import { Footer } from './parts/Footer'
import { LikeModal } from './parts/LikeModal'
import { NewLikePopup } from './parts/NewLikePopup'
import { SignupModal } from './parts/SignupModal'
import { SkipLink } from './parts/SkipLink'
import { TimeBonusModal } from './parts/TimeBonusModal'
import { Main, Shell } from './Main'
import { MatchMoment } from '../pages/likes/MatchMoment'

/**
 * default: top navigation, warning banners, footer, disclaimer, entry
 * warning, signup modal, like modal and time-bonus modal, the new-like
 * popup and the match moment; on a member's phone the bottom tab bar
 * (sticky, so it stays in view while the page scrolls).
 */
export function DefaultLayout() {
  return (
    <Shell data-layout="default">
      <SkipLink />
      <EntryWarning />
      <Header />
      <AlertBanners />
      <Main />
      <Disclaimer />
      <Footer />
      <TabBar />
      <SignupModal />
      <LikeModal />
      <NewLikePopup />
      <MatchMoment />
      <TimeBonusModal />
    </Shell>
  )
}
