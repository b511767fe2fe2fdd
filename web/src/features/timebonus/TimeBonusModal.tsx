import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRouteHandle } from '../../app/hooks'
import { MEMBERS_AREA, pathFor } from '../../app/routePaths'
import { ButtonLink } from '../../components/Button'
import { Modal } from '../../components/Modal'
import { TIME_BONUS_MODAL_DELAY_MS, TIME_BONUS_MODAL_KEY, showTimeBonusModal, timeBonusModalOpenedAt } from './timeBonus'
import { useAppState } from '../../state/context'
import { useInterruption } from '../interruptions/hooks'
import { TimeBonusCountdown } from './TimeBonusCountdown'

function local(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

/**
 * TimeBonusModal offers the welcome bonus to members with 0 credits, once a
 * day at most (on any page, the swipe game's included; the banner reminds
 * meanwhile); in the members area it waits 40 s.
 */
export function TimeBonusModal() {
  const { t } = useTranslation()
  const offer = useAppState((s) => s.timeBonus.offer)
  const visible = useAppState((s) => s.timeBonus.isVisible)
  const credits = useAppState((s) => s.user?.credits ?? -1)
  const routeName = useRouteHandle()?.name ?? ''
  const inMembersArea = MEMBERS_AREA.has(routeName)
  // When it last opened, as this page found it; opening it now does not close it.
  const [openedAt] = useState(() => timeBonusModalOpenedAt(local()?.getItem(TIME_BONUS_MODAL_KEY) ?? null))
  const [now] = useState(() => Date.now())
  const [answered, setAnswered] = useState(false)
  // In the members area the offer waits; entering it again starts the wait again.
  const [timerDone, setTimerDone] = useState(false)
  const [area, setArea] = useState(inMembersArea)
  if (area !== inMembersArea) {
    setArea(inMembersArea)
    setTimerDone(false)
  }
  useEffect(() => {
    if (!inMembersArea) return
    const id = setTimeout(() => setTimerDone(true), TIME_BONUS_MODAL_DELAY_MS)
    return () => clearTimeout(id)
  }, [inMembersArea])
  const waited = !inMembersArea || timerDone
  // An offer: after the age gate and the e-mail confirmation, and never over a form being edited.
  const open = useInterruption('timeBonusModal', !!offer && waited && !answered && showTimeBonusModal(visible, credits, openedAt, now))
  // Opening counts (answered or not): it stays open until answered, then waits a day.
  const recorded = useRef(false)
  useEffect(() => {
    if (!open || recorded.current) return
    recorded.current = true
    try {
      local()?.setItem(TIME_BONUS_MODAL_KEY, String(Date.now()))
    } catch {
      // not kept: it may open again next visit
    }
  }, [open])
  const dismiss = () => setAnswered(true)
  if (!offer) return null
  return (
    <Modal open={open} title={t('timeBonus.title')} onClose={dismiss} testId="time-bonus-modal" queued>
      <p>{t('timeBonus.text', { percentage: offer.percentage })}</p>
      <p>
        {t('timeBonus.endsIn')} <TimeBonusCountdown offer={offer} />
      </p>
      <ButtonLink to={pathFor('credits')} onClick={dismiss}>
        {t('timeBonus.cta')}
      </ButtonLink>
    </Modal>
  )
}
