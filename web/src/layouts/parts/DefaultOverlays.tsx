import { MatchMoment } from '../../pages/likes/MatchMoment'
import { LikeModal } from './LikeModal'
import { NewLikePopup } from './NewLikePopup'
import { SignupModal } from './SignupModal'
import { TimeBonusModal } from '../../features/timebonus/TimeBonusModal'

/** DefaultOverlays are the default layout's modals and pop-ups (each waits its turn in the interruption queue). */
export function DefaultOverlays() {
  return (
    <>
      <SignupModal />
      <LikeModal />
      <NewLikePopup />
      <MatchMoment />
      <TimeBonusModal />
    </>
  )
}
