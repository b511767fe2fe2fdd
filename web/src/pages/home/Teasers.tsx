import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import styled from 'styled-components'
import type { Card } from '../../api/types'
import { color, media, radius, space } from '../../theme/theme'
import { useSignupClick } from './signupClick'

/** TeaserGrid, TeaserStrip and TeaserMosaic lay the teasers out as the home variant wants them: a two-column grid, a strip to swipe, a three-column mosaic. */
export const TeaserGrid = styled.ul`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${space(3)};
  margin: 0 0 ${space(5)};
  padding: 0;
  list-style: none;
  ${media('md')} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
    gap: ${space(4)};
  }
`

export const TeaserStrip = styled.ul`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: 42%;
  gap: ${space(3)};
  margin: 0 0 ${space(5)};
  padding: 0 0 ${space(2)};
  list-style: none;
  overflow-x: auto;
  scroll-snap-type: x mandatory;
  > li {
    scroll-snap-align: start;
  }
  ${media('md')} {
    grid-auto-columns: 22%;
  }
`

export const TeaserMosaic = styled.ul`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 2px;
  margin: 0;
  padding: 0;
  list-style: none;
  > li:first-child {
    grid-column: span 2;
    grid-row: span 2;
  }
  ${media('md')} {
    grid-template-columns: repeat(6, minmax(0, 1fr));
  }
`

const Teaser = styled.li`
  position: relative;
  overflow: hidden;
  border-radius: ${radius.lg};
  background: ${color.border};
  aspect-ratio: 3 / 4;
  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  a {
    position: absolute;
    inset: auto 0 0 0;
    padding: ${space(6)} ${space(3)} ${space(3)};
    color: #fff;
    text-decoration: none;
    background: linear-gradient(to top, rgba(0, 0, 0, 0.85), rgba(0, 0, 0, 0));
    &::after {
      content: '';
      position: absolute;
      inset: -100vh 0 0 0;
    }
    &:focus-visible {
      outline: 3px solid ${color.primary};
      outline-offset: -3px;
    }
  }
  strong,
  span {
    display: block;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  span {
    font-size: 0.875rem;
  }
`

const Avatar = styled.li`
  text-align: center;
  a {
    display: block;
    color: ${color.text};
    text-decoration: none;
  }
  a:focus-visible {
    outline: 3px solid ${color.secondary};
    outline-offset: 2px;
  }
  img {
    display: block;
    width: 100%;
    aspect-ratio: 1;
    object-fit: cover;
    border-radius: 50%;
    border: 3px solid ${color.primary};
    background: ${color.border};
  }
  span {
    display: block;
    margin-top: ${space(1)};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    font-weight: 600;
  }
`

const Photo = styled.li`
  position: relative;
  aspect-ratio: 3 / 4;
  background: ${color.border};
  a {
    display: block;
    height: 100%;
  }
  a:focus-visible {
    outline: 3px solid ${color.secondary};
    outline-offset: -3px;
  }
  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`

const Chip = styled.span`
  position: absolute;
  left: ${space(1)};
  bottom: ${space(1)};
  max-width: calc(100% - ${space(2)});
  padding: 0 ${space(2)};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  border-radius: 999px;
  font-size: 0.75rem;
  font-weight: 700;
  line-height: 1.75;
  color: ${color.onPrimary};
  background: ${color.primary};
`

/** TeaserLook is how a teaser is drawn: a photo tile with its name on it, a round avatar with the name below, a bare photo with a name chip. */
export type TeaserLook = 'tile' | 'avatar' | 'photo'

/** TeaserCard is one member of the home's teasers: the photo, and the name leading to the profile (or to the signup). */
export function TeaserCard({ card, eager, look = 'tile' }: { card: Card; eager: boolean; look?: TeaserLook }) {
  const { t } = useTranslation()
  const signup = useSignupClick()
  const src = card.main_image?.thumb_url || card.main_image?.url
  const place = [card.city, card.region_name].filter(Boolean).join(', ')
  const label = card.age ? t('homePage.nameAge', { name: card.name, age: card.age }) : card.name
  const to = card.id ? `/members/${card.id}` : '/signup'
  const onClick = card.id ? undefined : signup
  const img = src && <img src={src} alt="" width={300} height={400} loading={eager ? 'eager' : 'lazy'} fetchPriority={eager ? 'high' : 'auto'} decoding="async" />
  if (look === 'avatar')
    return (
      <Avatar data-testid="home-teaser">
        <Link to={to} onClick={onClick}>
          {img}
          <span>{label}</span>
        </Link>
      </Avatar>
    )
  if (look === 'photo')
    return (
      <Photo data-testid="home-teaser">
        <Link to={to} onClick={onClick}>
          {img}
          <Chip>{label}</Chip>
        </Link>
      </Photo>
    )
  return (
    <Teaser data-testid="home-teaser">
      {img}
      <Link to={to} onClick={onClick}>
        <strong>{label}</strong>
        {place && <span>{place}</span>}
      </Link>
    </Teaser>
  )
}
