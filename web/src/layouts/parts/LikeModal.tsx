import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import styled from 'styled-components'
import { Button } from '../../components/Button'
import { Modal } from '../../components/Modal'
import { likeModalDelay } from '../../rules/likeModal'
import { useServices } from '../../state/context'
import { refreshNamed } from '../../state/refresh'

/** AUTO_LIKE_RELOAD_MS: the likes reload this long after an auto-like. */
export const AUTO_LIKE_RELOAD_MS = 500

const Photo = styled.button`
  display: block;
  width: 100%;
  padding: 0;
  border: 0;
  background: transparent;
  cursor: pointer;
  img {
    width: 100%;
    border-radius: ${(p) => p.theme.radii.md};
  }
`

interface Liker {
  id: number
  name?: string
  main_image: { match?: string } | null
}

/**
 * LikeModal: with a positive query parameter t (seconds), a member who
 * likes you pops up after that delay and t leaves the URL. A click anywhere
 * closes it; the photo opens the profile; the button answers the like.
 */
export function LikeModal() {
  const { t } = useTranslation()
  const { api, store } = useServices()
  const navigate = useNavigate()
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
        {liker?.main_image?.match && (
          <Photo type="button" onClick={() => navigate(`/members/${liker.id}`)} aria-label={t('likes.viewProfile')}>
            <img src={liker.main_image.match} alt="" />
          </Photo>
        )}
        <p>{t('likeModal.text')}</p>
        <Button type="button" onClick={() => liker && navigate(`/members/${liker.id}/chat`)}>
          {t('likeModal.cta')}
        </Button>
      </div>
    </Modal>
  )
}
