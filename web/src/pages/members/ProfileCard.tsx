import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import styled, { useTheme } from 'styled-components'
import { useFictionalTexts } from '../../components/fictional'
import { Icon } from '../../components/Icon'
import { fictionalIcon } from '../../components/iconSets'
import { useAppState } from '../../state/context'
import { ActivityLabel } from './ActivityLabel'
import { photoOf, type Card } from './discovery'
import { useLike } from './useLike'
import { color, font, radius, shadow, space } from '../../theme/theme'

export const CardGrid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(160px, 1fr));
  gap: ${space(4)};
  margin: 0 0 ${space(5)};
  padding: 0;
  list-style: none;
  /* Rows are a list: one column at any width up to two on wide screens. */
  &:has(> [data-card='row']) {
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 420px), 1fr));
    gap: ${space(2)};
  }
`

const Item = styled.li`
  position: relative;
  display: flex;
  flex-direction: column;
  overflow: hidden;
  border: 1px solid ${color.border};
  border-radius: ${radius.card};
  background: ${color.surface};
  box-shadow: ${shadow.card};
  /* The card's variant (the theme's layout.card) is an attribute, so the
     CSS stays static: a photo-first tile, a list row, a polaroid. */
  &[data-card='row'] {
    flex-direction: row;
    align-items: stretch;
  }
  &[data-card='polaroid'] {
    padding: ${space(2)} ${space(2)} 0;
    border: 0;
    border-radius: ${radius.sm};
    box-shadow:
      0 1px 2px rgba(0, 0, 0, 0.12),
      0 6px 16px rgba(0, 0, 0, 0.14);
  }
`

const Photo = styled.div`
  aspect-ratio: 3 / 4;
  background: ${color.border};
  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  [data-card='row'] > & {
    flex: none;
    width: 112px;
    aspect-ratio: auto;
    min-height: 112px;
  }
  [data-card='polaroid'] > & {
    aspect-ratio: 1;
  }
`

const Initial = styled.span`
  display: flex;
  align-items: center;
  justify-content: center;
  height: 100%;
  font-size: 3rem;
  color: ${color.textMuted};
`

const Body = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${space(1)};
  padding: ${space(3)};
  min-width: 0;
  [data-card='polaroid'] > & {
    align-items: center;
    text-align: center;
    padding: ${space(3)} ${space(1)};
  }
  [data-card='polaroid'] > & > a {
    font-family: ${font.heading};
    font-size: 1.125rem;
  }
`

const Name = styled(Link)`
  font-weight: 700;
  color: ${color.text};
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
    outline: 3px solid ${color.primary};
    outline-offset: -3px;
    border-radius: ${radius.lg};
  }
`

const Meta = styled.span`
  font-size: 0.875rem;
  color: ${color.textMuted};
`

// Marker and LikeToggle show their state through attributes, so their CSS
// is static and worked out once for the whole grid of cards. A row's photo
// is narrow: its label goes under the name (in Body), whole.
const Marker = styled.span`
  position: absolute;
  display: inline-flex;
  align-items: center;
  gap: ${space(1)};
  top: ${space(2)};
  left: ${space(2)};
  padding: 0 ${space(2)};
  border-radius: 999px;
  font-size: 0.75rem;
  font-weight: 700;
  line-height: 1.75;
  color: ${color.onPrimary};
  background: ${color.primary};
  &[data-tone='muted'] {
    color: ${color.text};
    background: ${color.surface};
  }
  ${Body} > & {
    position: static;
    align-self: flex-start;
    max-width: 100%;
  }
  ${Body} > &[data-tone='muted'] {
    border: 1px solid ${color.border};
  }
`

const Actions = styled.div`
  position: relative;
  z-index: 1;
  display: flex;
  gap: ${space(2)};
  margin-top: auto;
  padding-top: ${space(2)};
`

export const LikeToggle = styled.button`
  flex: 1;
  min-height: 40px;
  border: 2px solid ${color.primary};
  border-radius: ${radius.md};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  color: ${color.primary};
  background: transparent;
  &[aria-pressed='true'] {
    color: ${color.onPrimary};
    background: ${color.primary};
  }
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
  /** distance is how far away the member is, as a distance search words it. */
  distance?: string
}

/** ProfileCard is a member in a list: photo, name, age, place, and a like button, drawn as the theme's card variant (a tile, a row, a polaroid). */
export function ProfileCard({ card, to, marker, actions, distance }: ProfileCardProps) {
  const { t } = useTranslation()
  const fictional = useFictionalTexts().singular
  const fictionalMark = fictionalIcon(useAppState((s) => s.settings.fictional_icon))
  const variant = useTheme().layout.card
  const src = photoOf(card.main_image)
  const place = placeOf(card)
  const label = marker ? (
    <Marker>{marker}</Marker>
  ) : card.fictional && fictional ? (
    <Marker data-tone="muted" data-testid="fictional-tag">
      {fictionalMark && <Icon icon={fictionalMark} size="1em" />}
      {fictional}
    </Marker>
  ) : null
  // A row's photo is too narrow for a label: it goes under the name.
  const row = variant === 'row'
  return (
    <Item data-testid="profile-card" data-id={card.id} data-card={variant}>
      <Photo>{src ? <img src={src} alt="" loading="lazy" /> : <Initial aria-hidden="true">{card.name.slice(0, 1)}</Initial>}</Photo>
      {!row && label}
      <Body>
        <Name to={to ?? `/members/${card.id}`}>{card.age ? t('discovery.nameAge', { name: card.name, age: card.age }) : card.name}</Name>
        {row && label}
        {place && <Meta>{place}</Meta>}
        {distance && <Meta data-testid="card-distance">{distance}</Meta>}
        <ActivityLabel activity={card} />
        <Actions>{actions ?? <LikeButton card={card} />}</Actions>
      </Body>
    </Item>
  )
}
