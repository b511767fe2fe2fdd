import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { below } from '../../theme/theme'
import type { Image } from '../../boot/types'
import { ButtonLink } from '../../components/Button'
import { Icon, Lock as LockIcon, User } from '../../components/Icon'
import type { LockKind } from './rules'

const Frame = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${(p) => p.theme.space(2)};
`

// On a phone the photo is a little wider than high, so the actions under it are in view.
const Big = styled.img`
  width: 100%;
  aspect-ratio: 1;
  ${below('md')} {
    aspect-ratio: 4 / 3;
  }
  object-fit: cover;
  border-radius: ${(p) => p.theme.radii.lg};
  background: ${(p) => p.theme.colors.border};
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
  border-radius: ${(p) => p.theme.radii.lg};
  background: ${(p) => p.theme.colors.border};
  color: ${(p) => p.theme.colors.textMuted};
  font-size: 4rem;
`

const Thumbs = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(72px, 1fr));
  gap: ${(p) => p.theme.space(2)};
  padding: 0;
  margin: 0;
  list-style: none;
`

const Thumb = styled.button<{ $active: boolean }>`
  width: 100%;
  padding: 0;
  border: 3px solid ${(p) => (p.$active ? p.theme.colors.primary : 'transparent')};
  border-radius: ${(p) => p.theme.radii.md};
  background: none;
  cursor: pointer;
  img {
    display: block;
    width: 100%;
    aspect-ratio: 1;
    object-fit: cover;
    border-radius: ${(p) => p.theme.radii.sm};
  }
`

const Lock = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${(p) => p.theme.space(3)};
  padding: ${(p) => p.theme.space(4)};
  border: 2px dashed ${(p) => p.theme.colors.primary};
  border-radius: ${(p) => p.theme.radii.md};
  background: ${(p) => p.theme.colors.surface};
  strong {
    font-size: 1.125rem;
  }
`

interface GalleryProps {
  name: string
  photos: Image[]
  hidden: number
  lock: LockKind
  loginTo: string
}

/** Gallery shows a member's photos; hidden ones appear as a lock with the way to see them. */
export function Gallery({ name, photos, hidden, lock, loginTo }: GalleryProps) {
  const { t } = useTranslation()
  const [index, setIndex] = useState(0)
  const current = photos[Math.min(index, photos.length - 1)]
  return (
    <Frame data-testid="member-gallery" data-photos={photos.length}>
      {current ? <Big src={current.url || current.match || current.filename} alt={t('member.photoAlt', { name, n: index + 1 })} /> : <Empty><Icon icon={User} /></Empty>}
      {photos.length > 1 && (
        <Thumbs aria-label={t('member.photos')}>
          {photos.map((p, i) => (
            <li key={p.filename}>
              <Thumb type="button" $active={i === index} aria-pressed={i === index} aria-label={t('member.showPhoto', { n: i + 1 })} onClick={() => setIndex(i)} data-testid="member-photo">
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
