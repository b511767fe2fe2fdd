import { useRef, useState, type PointerEvent } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { photoOf, type Card } from '../members/discovery'
import { ActivityLabel } from '../members/ActivityLabel'
import { placeOf } from '../members/ProfileCard'
import { hint, swipeDecision, tilt, type SwipeAction } from './swipeGesture'
import { color, radius, space } from '../../theme/theme'

const Frame = styled.div`
  position: relative;
  width: 100%;
  max-width: 360px;
  aspect-ratio: 3 / 4;
  /* room for the next card, which shows below the top one */
  margin: 0 auto ${space(5)};
  /* on a short screen the card gives way, so Like and Pass stay in view */
  @media (max-width: 767.98px) {
    width: min(100%, calc((100dvh - 470px) * 3 / 4));
    min-width: 180px;
  }
  touch-action: pan-y;
  user-select: none;
`

const Face = styled.div`
  position: absolute;
  inset: 0;
  overflow: hidden;
  border-radius: ${radius.lg};
  background: ${color.border};
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.2);
  cursor: grab;
  &:focus-visible {
    outline: 3px solid ${color.primary};
    outline-offset: 3px;
  }
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    pointer-events: none;
  }
`

/** Behind is the next card, under the top one: the stack shows there is more. */
const Behind = styled(Face)`
  transform: translateY(36px) scale(0.9);
  opacity: 0.85;
  cursor: default;
`

const Caption = styled.div`
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  padding: ${space(4)};
  color: #fff;
  background: linear-gradient(transparent, rgba(0, 0, 0, 0.75));
  strong {
    display: block;
    font-size: 1.375rem;
  }
`

// The caption is white on the photo's dark gradient.
const SwipeActivity = styled(ActivityLabel)`
  && {
    display: flex;
    color: inherit;
  }
`

const Stamp = styled.span<{ $action: SwipeAction }>`
  position: absolute;
  top: ${space(5)};
  ${(p) => (p.$action === 'like' ? 'left' : 'right')}: ${space(5)};
  padding: ${space(1)} ${space(3)};
  border: 3px solid ${(p) => (p.$action === 'like' ? color.success : color.danger)};
  border-radius: ${radius.md};
  color: ${(p) => (p.$action === 'like' ? color.success : color.danger)};
  background: ${color.surface};
  font-weight: 800;
  text-transform: uppercase;
`

interface Drag {
  x: number
  y: number
  t: number
  id: number
}

export interface SwipeCardProps {
  card: Card
  /** next is the card after this one, shown behind it. */
  next?: Card
  disabled: boolean
  onSwipe: (action: SwipeAction) => void
}

/** SwipeCard is the top card of the stack: drag it right to like, left to pass. */
export function SwipeCard({ card, next, disabled, onSwipe }: SwipeCardProps) {
  const { t } = useTranslation()
  const start = useRef<Drag | null>(null)
  // The drag's offset and the card's width (read when the drag starts); null between drags.
  const [drag, setDrag] = useState<{ dx: number; dy: number; width: number } | null>(null)
  const offset = drag ?? { dx: 0, dy: 0 }
  const width = drag?.width ?? 0
  const src = photoOf(card.main_image, true)
  const place = placeOf(card)

  const down = (e: PointerEvent<HTMLDivElement>) => {
    if (disabled || (e.pointerType === 'mouse' && e.button !== 0)) return
    start.current = { x: e.clientX, y: e.clientY, t: e.timeStamp, id: e.pointerId }
    setDrag({ dx: 0, dy: 0, width: e.currentTarget.offsetWidth })
    e.currentTarget.setPointerCapture?.(e.pointerId)
  }
  const move = (e: PointerEvent<HTMLDivElement>) => {
    const s = start.current
    if (!s || s.id !== e.pointerId) return
    const dx = e.clientX - s.x
    const dy = e.clientY - s.y
    // Read the width now: React runs the updater later, when the event's currentTarget is gone.
    const width = e.currentTarget.offsetWidth
    setDrag((d) => ({ dx, dy, width: d?.width ?? width }))
  }
  const up = (e: PointerEvent<HTMLDivElement>) => {
    const s = start.current
    if (!s || s.id !== e.pointerId) return
    start.current = null
    const action = swipeDecision(e.clientX - s.x, e.clientY - s.y, e.timeStamp - s.t, e.currentTarget.offsetWidth)
    setDrag(null)
    if (action) onSwipe(action)
  }
  const cancel = () => {
    start.current = null
    setDrag(null)
  }
  const stamp = hint(offset.dx, width)
  const name = card.age ? t('discovery.nameAge', { name: card.name, age: card.age }) : card.name

  return (
    <Frame>
      {next && (
        <Behind aria-hidden="true" data-testid="swipe-next" data-id={next.id}>
          {photoOf(next.main_image, true) && <img src={photoOf(next.main_image, true) ?? ''} alt="" draggable={false} />}
          <Caption>
            <strong>{next.age ? t('discovery.nameAge', { name: next.name, age: next.age }) : next.name}</strong>
          </Caption>
        </Behind>
      )}
      <Face
        role="group"
        aria-roledescription={t('swipe.card')}
        aria-label={name}
        data-testid="swipe-card"
        data-id={card.id}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={cancel}
        style={{
          transform: `translate(${offset.dx}px, ${offset.dy * 0.2}px) rotate(${tilt(offset.dx, width)}deg)`,
          transition: drag ? 'none' : 'transform 0.2s ease-out',
        }}
      >
        {src && <img src={src} alt="" draggable={false} />}
        {stamp && <Stamp $action={stamp}>{t(stamp === 'like' ? 'swipe.like' : 'swipe.pass')}</Stamp>}
        <Caption>
          <strong>{name}</strong>
          {place && <span>{place}</span>}
          <SwipeActivity activity={card} />
        </Caption>
      </Face>
    </Frame>
  )
}
