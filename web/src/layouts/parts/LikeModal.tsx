import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { Modal } from '../../components/Modal'
import { likeModalDelay } from '../../rules/likeModal'
import { useServices } from '../../state/context'
import { refreshNamed } from '../../state/refresh'
import { firstShow, likerPath } from './likePopupRules'
import { LikerView, useLikerPress, type Liker } from './NewLikePopup'

/** AUTO_LIKE_RELOAD_MS: the likes reload this long after an auto-like. */
export const AUTO_LIKE_RELOAD_MS = 500

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
  const delay = likeModalDelay(params.get('t'))

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
    const id = setTimeout(() => {
      api
        .autoLike()
        .then((profile) => {
          if (!profile) return
          firstShow(profile.id)
          setLiker(profile)
          setTimeout(() => void refreshNamed('likes', api, store), AUTO_LIKE_RELOAD_MS)
        })
        .catch(() => {})
    }, delay)
    return () => clearTimeout(id)
  }, [delay, api, store, setParams])

  const close = () => setLiker(null)
  return (
    <Modal open={liker !== null} title={t('likeModal.title', { name: liker?.name ?? '' })} onClose={close} testId="like-modal">
      <div onClick={close}>
        {liker && <LikerView liker={liker} onPhoto={() => navigate(likerPath(liker.id))} onPress={() => press(liker)} />}
      </div>
    </Modal>
  )
}
