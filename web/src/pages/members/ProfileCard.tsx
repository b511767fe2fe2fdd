import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import styled from 'styled-components'
import { Icon } from '../../components/Icon'
import { fictionalIcon } from '../../components/iconSets'
import { useAppState } from '../../state/context'
import { ActivityLabel } from './ActivityLabel'
import { photoOf, type Card } from './discovery'
import { useLike } from './useLike'

export const CardGrid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(160px, 1fr));
  gap: ${(p) => p.theme.space(4)};
  margin: 0 0 ${(p) => p.theme.space(5)};
  padding: 0;
  list-style: none;
`

const Item = styled.li`
  position: relative;
  display: flex;
  flex-direction: column;
  overflow: hidden;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radii.card};
  background: ${(p) => p.theme.colors.surface};
  box-shadow: ${(p) => p.theme.shadows.card};
`

const Photo = styled.div`
  aspect-ratio: 3 / 4;
  background: ${(p) => p.theme.colors.border};
  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`

const Initial = styled.span`
  display: flex;
  align-items: center;
  justify-content: center;
  height: 100%;
  font-size: 3rem;
  color: ${(p) => p.theme.colors.textMuted};
`

const Body = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${(p) => p.theme.space(1)};
  padding: ${(p) => p.theme.space(3)};
`

const Name = styled(Link)`
  font-weight: 700;
  color: ${(p) => p.theme.colors.text};
  text-decoration: none;
  &::after {
    content: '';
    position: absolute;
    inset: 0;
  }
  &:focus-visible {
    outline: none;
  }
  &:focus-visible::after {
    outline: 3px solid ${(p) => p.theme.colors.primary};
    outline-offset: -3px;
    border-radius: ${(p) => p.theme.radii.lg};
  }
`

const Meta = styled.span`
  font-size: 0.875rem;
  color: ${(p) => p.theme.colors.textMuted};
`

const Marker = styled.span<{ $tone?: 'primary' | 'muted' }>`
  position: absolute;
  display: inline-flex;
  align-items: center;
  gap: ${(p) => p.theme.space(1)};
  top: ${(p) => p.theme.space(2)};
  left: ${(p) => p.theme.space(2)};
  padding: 0 ${(p) => p.theme.space(2)};
  border-radius: 999px;
  font-size: 0.75rem;
  font-weight: 700;
  line-height: 1.75;
  color: ${(p) => (p.$tone === 'muted' ? p.theme.colors.text : p.theme.colors.onPrimary)};
  background: ${(p) => (p.$tone === 'muted' ? p.theme.colors.surface : p.theme.colors.primary)};
`

const Actions = styled.div`
  position: relative;
  z-index: 1;
  display: flex;
  gap: ${(p) => p.theme.space(2)};
  margin-top: auto;
  padding-top: ${(p) => p.theme.space(2)};
`

export const LikeToggle = styled.button<{ $on: boolean }>`
  flex: 1;
  min-height: 40px;
  border: 2px solid ${(p) => p.theme.colors.primary};
  border-radius: ${(p) => p.theme.radii.md};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  color: ${(p) => (p.$on ? p.theme.colors.onPrimary : p.theme.colors.primary)};
  background: ${(p) => (p.$on ? p.theme.colors.primary : 'transparent')};
  &:disabled {
    cursor: default;
  }
`

/** LikeButton likes a member once; it shows whether the member already does. */
export function LikeButton({
  card,
  onLiked,
  idleKey = 'discovery.like',
}: {
  card: Pick<Card, 'id' | 'name'> & Partial<Pick<Card, 'main_image'>>
  onLiked?: (match: boolean) => void
  /** idleKey is the catalogue key of the button before the like (e.g. like back). */
  idleKey?: string
}) {
  const { t } = useTranslation()
  const { status, like } = useLike(card, onLiked)
  const on = status === 'liked'
  return (
    <LikeToggle
      type="button"
      $on={on}
      aria-pressed={on}
      disabled={status !== 'idle'}
      onClick={() => void like()}
      aria-label={t(on ? 'discovery.likedName' : 'discovery.likeName', { name: card.name })}
      data-testid={`like-${card.id}`}
    >
      {t(on ? 'discovery.liked' : idleKey)}
    </LikeToggle>
  )
}

/** placeOf is where a member lives, as far as the tenant shows it. */
export function placeOf(card: Pick<Card, 'city' | 'region_name'>): string {
  return [card.city, card.region_name].filter(Boolean).join(', ')
}

export interface ProfileCardProps {
  card: Card
  /** to is where the card leads; the profile by default. */
  to?: string
  /** marker is a label on the photo (e.g. new like, match). */
  marker?: string
  /** actions replace the like button. */
  actions?: ReactNode
}

/** ProfileCard is a member in a list: photo, name, age, place, and a like button. */
export function ProfileCard({ card, to, marker, actions }: ProfileCardProps) {
  const { t } = useTranslation()
  const fictional = useAppState((s) => s.settings.fictional_singular)
  const fictionalMark = fictionalIcon(useAppState((s) => s.settings.fictional_icon))
  const src = photoOf(card.main_image)
  const place = placeOf(card)
  return (
    <Item data-testid="profile-card" data-id={card.id}>
      <Photo>{src ? <img src={src} alt="" loading="lazy" /> : <Initial aria-hidden="true">{card.name.slice(0, 1)}</Initial>}</Photo>
      {marker ? <Marker>{marker}</Marker> : card.fictional && fictional ? (
        <Marker $tone="muted" data-testid="fictional-tag">
          {fictionalMark && <Icon icon={fictionalMark} size="1em" />}
          {fictional}
        </Marker>
      ) : null}
      <Body>
        <Name to={to ?? `/members/${card.id}`}>{card.age ? t('discovery.nameAge', { name: card.name, age: card.age }) : card.name}</Name>
        {place && <Meta>{place}</Meta>}
        <ActivityLabel activity={card} />
        <Actions>{actions ?? <LikeButton card={card} />}</Actions>
      </Body>
    </Item>
  )
}
