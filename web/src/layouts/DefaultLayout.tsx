import { Header } from '../nav/Header'
import { AlertBanners } from './parts/AlertBanners'
import { Disclaimer } from './parts/Disclaimer'
import { EntryWarning } from './parts/EntryWarning'
import { Footer } from './parts/Footer'
import { SignupModal } from './parts/SignupModal'
import { SkipLink } from './parts/SkipLink'
import { Main, Shell } from './Main'

/** default: top navigation, warning banners, footer, disclaimer, entry warning and the signup modal. */
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
      <SignupModal />
    </Shell>
  )
}
