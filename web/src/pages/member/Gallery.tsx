import { useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { below, color, radius, space } from '../../theme/theme'
import type { Image } from '../../boot/types'
import { ButtonLink } from '../../components/Button'
import { Icon, Lock as LockIcon, User } from '../../components/Icon'
import { clampIndex, indexFromScroll, keyTarget } from './carousel'
import type { LockKind } from './rules'

const Frame = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space(2)};
  min-width: 0;
`

const Viewport = styled.div`
  position: relative;
  border-radius: ${radius.lg};
  overflow: hidden;
  &:focus-visible {
    outline: 3px solid ${color.primary};
    outline-offset: 2px;
  }
`

// Native scroll snapping gives the touch swipe (with momentum) for free;
// the buttons and keys scroll the same track.
const Track = styled.ul`
  display: flex;
  margin: 0;
  padding: 0;
  list-style: none;
  overflow-x: auto;
  scroll-snap-type: x mandatory;
  scrollbar-width: none;
  overscroll-behavior-x: contain;
  &::-webkit-scrollbar {
    display: none;
  }
  @media (prefers-reduced-motion: no-preference) {
    scroll-behavior: smooth;
  }
`

const Slide = styled.li`
  flex: 0 0 100%;
  scroll-snap-align: start;
  scroll-snap-stop: always;
`

// On a phone the photo is a little wider than high, so the actions under it are in view.
const Big = styled.img`
  display: block;
  width: 100%;
  aspect-ratio: 1;
  ${below('md')} {
    aspect-ratio: 4 / 3;
  }
  object-fit: cover;
  background: ${color.border};
`

const Step = styled.button<{ $side: 'left' | 'right' }>`
  position: absolute;
  top: 50%;
  ${(p) => p.$side}: ${space(2)};
  transform: translateY(-50%);
  display: flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  padding: 0;
  border: 1px solid ${color.border};
  border-radius: 50%;
  background: ${color.surface};
  color: ${color.text};
  cursor: pointer;
  box-shadow: 0 2px 8px rgba(0, 0, 0, 0.25);
  &:disabled {
    opacity: 0;
    pointer-events: none;
  }
  &:focus-visible {
    outline: 3px solid ${color.primary};
    outline-offset: 2px;
  }
  svg {
    width: 20px;
    height: 20px;
  }
`

const Position = styled.p`
  position: absolute;
  right: ${space(2)};
  bottom: ${space(2)};
  margin: 0;
  padding: 0 ${space(2)};
  border-radius: 999px;
  background: ${color.surface};
  color: ${color.text};
  font-size: 0.8125rem;
  font-weight: 600;
  line-height: 1.75;
`

const Empty = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  width: 100%;
  aspect-ratio: 1;
  ${below('md')} {
    aspect-ratio: 4 / 3;
  }
  border-radius: ${radius.lg};
  background: ${color.border};
  color: ${color.textMuted};
  font-size: 4rem;
`

const Thumbs = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(72px, 1fr));
  gap: ${space(2)};
  padding: 0;
  margin: 0;
  list-style: none;
`

const Thumb = styled.button<{ $active: boolean }>`
  width: 100%;
  padding: 0;
  border: 3px solid ${(p) => (p.$active ? color.primary : 'transparent')};
  border-radius: ${radius.md};
  background: none;
  cursor: pointer;
  img {
    display: block;
    width: 100%;
    aspect-ratio: 1;
    object-fit: cover;
    border-radius: ${radius.sm};
  }
`

const Lock = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(3)};
  padding: ${space(4)};
  border: 2px dashed ${color.primary};
  border-radius: ${radius.md};
  background: ${color.surface};
  strong {
    font-size: 1.125rem;
  }
`

/** Chevron is the step buttons' arrow. */
function Chevron({ side }: { side: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
      <path d={side === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </svg>
  )
}

interface GalleryProps {
  name: string
  photos: Image[]
  hidden: number
  lock: LockKind
  loginTo: string
}

/**
 * Gallery is a member's photos as a carousel: swiped on a touch screen,
 * stepped with the buttons, the arrow keys (Home, End) or the thumbnails,
 * and announced as "Photo 2 of 5". Hidden photos appear as a lock with the
 * way to see them.
 */
export function Gallery({ name, photos, hidden, lock, loginTo }: GalleryProps) {
  const { t } = useTranslation()
  const [index, setIndex] = useState(0)
  const track = useRef<HTMLUListElement>(null)
  // While a button or key scrolls the track smoothly, the scroll events on
  // the way report the photos passed; they must not move the index back,
  // or a second key pressed meanwhile would step from the wrong photo.
  const stepping = useRef(false)
  const total = photos.length
  const current = clampIndex(index, total)

  const go = (i: number) => {
    const next = clampIndex(i, total)
    setIndex(next)
    const el = track.current
    // jsdom has no scrolling; the index is already set
    if (!el || typeof el.scrollTo !== 'function' || el.scrollLeft === next * el.clientWidth) return
    stepping.current = true
    el.scrollTo({ left: next * el.clientWidth })
  }
  const onScroll = (el: HTMLUListElement) => {
    if (!stepping.current) setIndex(indexFromScroll(el.scrollLeft, el.clientWidth, total))
  }
  const onScrollEnd = (el: HTMLUListElement) => {
    stepping.current = false
    setIndex(indexFromScroll(el.scrollLeft, el.clientWidth, total))
  }
  // A finger on the track takes over from a step still under way.
  const onTouch = () => {
    stepping.current = false
  }
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const to = keyTarget(e.key, current, total)
    if (to === null) return
    e.preventDefault()
    go(to)
  }

  return (
    <Frame data-testid="member-gallery" data-photos={total}>
      {total === 0 ? (
        <Empty>
          <Icon icon={User} />
        </Empty>
      ) : (
        <Viewport
          role="region"
          aria-roledescription={t('member.carousel.role')}
          aria-label={t('member.carousel.label', { name })}
          tabIndex={total > 1 ? 0 : undefined}
          onKeyDown={total > 1 ? onKey : undefined}
          data-testid="carousel"
          data-index={current}
        >
          <Track
            ref={track}
            onScroll={(e) => onScroll(e.currentTarget)}
            onScrollEnd={(e) => onScrollEnd(e.currentTarget)}
            onTouchStart={onTouch}
            onWheel={onTouch}
            data-testid="carousel-track"
          >
            {photos.map((p, i) => (
              <Slide key={p.filename} aria-hidden={i !== current} data-testid="carousel-slide">
                <Big src={p.url || p.match || p.filename} alt={t('member.photoAlt', { name, n: i + 1 })} loading={i === 0 ? 'eager' : 'lazy'} draggable={false} />
              </Slide>
            ))}
          </Track>
          {total > 1 && (
            <>
              <Step type="button" $side="left" aria-label={t('member.carousel.previous')} disabled={current === 0} onClick={() => go(current - 1)} data-testid="carousel-previous">
                <Chevron side="left" />
              </Step>
              <Step type="button" $side="right" aria-label={t('member.carousel.next')} disabled={current === total - 1} onClick={() => go(current + 1)} data-testid="carousel-next">
                <Chevron side="right" />
              </Step>
              <Position aria-live="polite" data-testid="carousel-position">
                {t('member.carousel.position', { n: current + 1, total })}
              </Position>
            </>
          )}
        </Viewport>
      )}
      {total > 1 && (
        <Thumbs aria-label={t('member.photos')}>
          {photos.map((p, i) => (
            <li key={p.filename}>
              <Thumb type="button" $active={i === current} aria-pressed={i === current} aria-label={t('member.showPhoto', { n: i + 1 })} onClick={() => go(i)} data-testid="member-photo">
                <img src={p.thumb_url || p.url || p.filename} alt="" />
              </Thumb>
            </li>
          ))}
        </Thumbs>
      )}
      {lock !== 'none' && (
        <Lock data-testid="member-photo-lock">
          <Icon icon={LockIcon} />
          <strong>{t('member.hiddenPhotos', { count: hidden })}</strong>
          {lock === 'premium' ? (
            <ButtonLink to="/premium" data-testid="member-premium-cta">
              {t('member.premiumCta')}
            </ButtonLink>
          ) : (
            <ButtonLink to={loginTo} data-testid="member-login-cta">
              {t('member.loginCta')}
            </ButtonLink>
          )}
        </Lock>
      )}
    </Frame>
  )
}
