import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { wait } from '../../api/useLoad'
import { Modal } from '../../components/Modal'
import { likeModalDelay } from './likeModalDelay'
import { useServices } from '../../state/context'
import { useCardTurn } from '../../features/interruptions/hooks'
import { AUTO_LIKE_RELOAD_MS, refreshNamed } from '../../state/refresh'
import { firstShow, likerPath } from './likePopupRules'
import { LikerView, useLikerPress, type Liker } from './NewLikePopup'

/**
 * LikeModal: with a positive query parameter t (seconds), a member who
 * likes you pops up after that delay and t leaves the URL. A click anywhere
 * closes it; the photo opens the profile; the button likes back.
 */
export function LikeModal() {
  const { t } = useTranslation()
  const { api, store } = useServices()
  const navigate = useNavigate()
  const press = useLikerPress()
  const [params, setParams] = useSearchParams()
  const [liker, setLiker] = useState<Liker | null>(null)
  const raw = params.get('t')
  const delay = likeModalDelay(raw)

  // t leaves the URL at once; the delay it gave stays pending (a new t starts a new delay).
  const [pending, setPending] = useState<{ ms: number } | null>(null)
  const [seenT, setSeenT] = useState<string | null>(null)
  if (raw !== seenT) {
    setSeenT(raw)
    if (delay !== null) setPending({ ms: delay })
  }
  useEffect(() => {
    if (delay === null) return
    setParams(
      (p) => {
        const next = new URLSearchParams(p)
        next.delete('t')
        return next
      },
      { replace: true },
    )
  }, [delay, setParams])

  useEffect(() => {
    if (!pending) return
    const ctl = new AbortController()
    const { signal } = ctl
    wait(pending.ms, signal)
      .then(() => api.autoLike(signal))
      .then((profile) => {
        if (!profile) return
        firstShow(profile.id)
        setLiker(profile)
        return wait(AUTO_LIKE_RELOAD_MS, signal).then(() => refreshNamed('likes', api, store))
      })
      .catch(() => {})
    return () => ctl.abort()
  }, [pending, api, store])

  const close = useCallback(() => setLiker(null), [])
  const open = useCardTurn('likeModal', 'like', liker?.id ?? null, close)
  return (
    <Modal open={open} title={t('likeModal.title', { name: liker?.name ?? '' })} onClose={close} testId="like-modal" queued>
      <div onClick={close}>
        {liker && <LikerView liker={liker} onPhoto={() => void navigate(likerPath(liker.id))} onPress={() => press(liker)} />}
      </div>
    </Modal>
  )
}
