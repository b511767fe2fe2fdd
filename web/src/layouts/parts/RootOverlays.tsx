import { usePageBounceLog, useServiceWorker } from '../../app/rootWatches'
import { Toaster } from '../../components/Toaster'
import { useFormWatch } from '../../features/interruptions/hooks'
import { ConsentPrompt } from '../../features/consents/ConsentPrompt'
import { CookieBanner } from '../../features/consents/CookieBanner'
import { SiteEntryModal } from './SiteEntryModal'

/**
 * RootOverlays are what every page shows over itself: the site-entry modal,
 * the cookie question, new terms to accept and the toasts; and what Root runs after the first render: the service
 * worker, the bounce log and the watch on the page's forms that keeps the
 * interruptions (all of them in chunks that come after the first render)
 * away from a form being edited.
 */
export function RootOverlays() {
  useServiceWorker()
  usePageBounceLog()
  useFormWatch()
  return (
    <>
      <SiteEntryModal />
      <CookieBanner />
      <ConsentPrompt />
      <Toaster />
    </>
  )
}
