import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import styled from 'styled-components'
import type { Image, LikedBy } from '../../boot/types'
import { Button } from '../../components/Button'
import { useServices } from '../../state/context'
import { useCardTurn } from '../../features/interruptions/hooks'
import { refreshNamed } from '../../state/refresh'
import { announceMatch } from '../../state/match'
import { likerPath } from './likePopupRules'
import { cardBottom, GAP_PX, popupClick, targetOf } from './popupCard'
import { Icon, X } from '../../components/Icon'
import { color, radius, space, zIndex } from '../../theme/theme'

/** Liker is who likes the member, as the popup shows them. */
export interface Liker {
  id: number
  name?: string
  age?: number
  match?: boolean
  main_image?: Pick<Image, 'match' | 'url' | 'thumb_url'> | null
}

const PhotoButton = styled.button<{ $compact?: boolean }>`
  display: block;
  flex: 0 0 auto;
  width: ${(p) => (p.$compact ? '72px' : '100%')};
  padding: 0;
  border: 0;
  background: transparent;
  cursor: pointer;
  img {
    display: block;
    width: 100%;
    height: ${(p) => (p.$compact ? '72px' : 'auto')};
    max-height: 320px;
    object-fit: cover;
    border-radius: ${radius.md};
  }
`

const Text = styled.p<{ $compact?: boolean }>`
  margin: ${(p) => (p.$compact ? `0 0 ${space(2)}` : `${space(3)} 0`)};
  font-size: ${(p) => (p.$compact ? '0.875rem' : 'inherit')};
`

const Row = styled.div`
  display: flex;
  gap: ${space(3)};
  align-items: flex-start;
`

export interface LikerViewProps {
  liker: Liker
  photoRef?: RefObject<HTMLButtonElement | null>
  buttonRef?: RefObject<HTMLButtonElement | null>
  onPhoto?: () => void
  onPress?: () => void
  /** compact puts a small photo beside the text (the corner popup). */
  compact?: boolean
}

/** LikerView is the popup's body: the liker's photo (opens the profile) and the answer button. */
export function LikerView({ liker, photoRef, buttonRef, onPhoto, onPress, compact }: LikerViewProps) {
  const { t } = useTranslation()
  const src = liker.main_image?.match || liker.main_image?.url || liker.main_image?.thumb_url
  const name = liker.name ?? ''
  const photo = src && (
    <PhotoButton ref={photoRef} $compact={compact} type="button" onClick={onPhoto} aria-label={t('likePopup.openProfile', { name })} data-testid="liker-photo">
      <img src={src} alt="" />
    </PhotoButton>
  )
  const text = <Text $compact={compact}>{t(liker.match ? 'likePopup.matchText' : 'likePopup.text')}</Text>
  const button = (
    <Button ref={buttonRef} type="button" onClick={onPress} data-testid="liker-press">
      {t(liker.match ? 'likePopup.message' : 'likePopup.likeBack')}
    </Button>
  )
  if (compact)
    return (
      <Row>
        {photo}
        <div>
          {text}
          {button}
        </div>
      </Row>
    )
  return (
    <>
      {photo}
      {text}
      {button}
    </>
  )
}

/**
 * useLikerPress answers a liker from a popup: like back (a match is
 * celebrated), or open the chat when it is a match already.
 */
export function useLikerPress(): (liker: Liker) => void {
  const { api, store, toasts } = useServices()
  const navigate = useNavigate()
  return useCallback(
    (liker: Liker) => {
      if (liker.match) {
        void navigate(`/members/${liker.id}/chat`)
        return
      }
      api.http
        .post<{ match: boolean }>('/api/like.php', { profile_id: liker.id }, { retries: 0 })
        .then((res) => {
          if (res && res.match) announceMatch(liker)
          void refreshNamed('likes', api, store)
        })
        .catch(() => toasts.show('errors.generic', undefined, 'danger'))
    },
    [api, store, toasts, navigate],
  )
}

const Card = styled.div`
  position: fixed;
  left: ${space(4)};
  z-index: ${zIndex.toast};
  width: min(320px, calc(100vw - 32px));
  padding: ${space(3)};
  border-radius: ${radius.lg};
  background: ${color.surface};
  color: ${color.text};
  box-shadow: 0 12px 40px rgba(0, 0, 0, 0.35);
  h2 {
    margin: 0 ${space(8)} ${space(2)} 0;
    font-size: 1rem;
  }
`

const Close = styled.button`
  position: absolute;
  top: ${space(2)};
  right: ${space(2)};
  width: 36px;
  height: 36px;
  border: 0;
  background: transparent;
  color: ${color.textMuted};
  font-size: 1.25rem;
  cursor: pointer;
`

/** useAboveTabBar keeps cardBottom current while active: the bar shows or goes with the width, and moves while it is not stuck yet. */
function useAboveTabBar(active: boolean): number {
  const [bottom, setBottom] = useState(GAP_PX)
  useEffect(() => {
    if (!active) return
    const measure = () => {
      const bar = document.querySelector('[data-testid=tab-bar]')
      setBottom(cardBottom(bar ? bar.getBoundingClientRect() : null, window.innerHeight))
    }
    measure()
    window.addEventListener('resize', measure)
    window.addEventListener('scroll', measure, { passive: true })
    return () => {
      window.removeEventListener('resize', measure)
      window.removeEventListener('scroll', measure)
    }
  }, [active])
  return bottom
}

/** POPUP_MS: the popup goes by itself after this long; the badge still counts the like. */
export const POPUP_MS = 8_000

/** useNewLikers is the first liker of the queue NewLikersWatch fills, how to go to the next, and how to drop one. */
function useNewLikers(): [LikedBy | null, () => void, (id: number) => void] {
  const { newLikers } = useServices()
  const liker = useSyncExternalStore(newLikers.subscribe, newLikers.first, newLikers.first)
  return [liker, newLikers.shift, newLikers.drop]
}

/**
 * NewLikePopup is the card of a member who just liked you, in a corner above
 * the tab bar so it never blocks the page or the navigation: a click
 * anywhere closes it; a click on the photo opens that profile; the button
 * emits a press for that profile id (like back, or the chat for a match).
 * Each like's card shows once per member (useCardTurn).
 */
export function NewLikePopup() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const press = useLikerPress()
  const titleId = useId()
  const [liker, next, drop] = useNewLikers()
  // A like waits its turn in the interruption queue (and its 8 s start then).
  const shown = useCardTurn('newLike', 'like', liker?.id ?? null, drop)
  const bottom = useAboveTabBar(shown)
  const photoRef = useRef<HTMLButtonElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!liker || !shown) return
    const onClick = (e: MouseEvent) => {
      const out = popupClick(targetOf(e.target as Node | null, photoRef.current, buttonRef.current), liker.id)
      next()
      if (out.open !== undefined) void navigate(likerPath(out.open))
      if (out.press !== undefined) press(liker)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') next()
    }
    // From the next task on: the click that closed what came before it in the queue is still on its way up.
    const listen = setTimeout(() => {
      document.addEventListener('click', onClick)
      document.addEventListener('keydown', onKey)
    }, 0)
    const timer = setTimeout(next, POPUP_MS)
    return () => {
      clearTimeout(listen)
      clearTimeout(timer)
      document.removeEventListener('click', onClick)
      document.removeEventListener('keydown', onKey)
    }
  }, [liker, shown, next, navigate, press])

  if (!liker || !shown) return null
  return (
    <Card role="dialog" aria-modal="false" aria-labelledby={titleId} aria-live="polite" data-testid="new-like-popup" data-id={liker.id} style={{ bottom }}>
      <Close type="button" aria-label={t('modal.close')}>
        <Icon icon={X} />
      </Close>
      <h2 id={titleId}>{t(liker.match ? 'likePopup.matchTitle' : 'likeModal.title', { name: liker.name ?? '' })}</h2>
      <LikerView liker={liker} photoRef={photoRef} buttonRef={buttonRef} compact />
    </Card>
  )
}
