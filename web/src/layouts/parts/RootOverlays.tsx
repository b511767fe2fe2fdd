import { Toaster } from '../../components/Toaster'
import { SiteEntryModal } from './SiteEntryModal'

/** RootOverlays are what every page shows over itself: the site-entry modal and the toasts. */
export function RootOverlays() {
  return (
    <>
      <SiteEntryModal />
      <Toaster />
    </>
  )
}
