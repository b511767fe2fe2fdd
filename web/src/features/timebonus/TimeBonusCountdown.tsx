import { useNow } from '../../app/useNow'
import { COUNTDOWN_TICK_MS, formatCountdown, remainingSeconds, type TimeBonusOffer } from './timeBonus'

/** TimeBonusCountdown ticks each second: hours:minutes:seconds. */
export function TimeBonusCountdown({ offer }: { offer: TimeBonusOffer }) {
  const now = useNow(COUNTDOWN_TICK_MS)
  return (
    <time data-testid="time-bonus-countdown" dateTime={`PT${remainingSeconds(offer, now)}S`}>
      {formatCountdown(remainingSeconds(offer, now))}
    </time>
  )
}
