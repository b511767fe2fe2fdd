// The pieces the three landing designs share: the member's photo, the facts
// line (age and city, as far as the tenant shows them), the about-me text,
// the hidden-photos hint and the button to the signup.
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import type { MemberProfile } from '../../api/types'
import { ButtonLink } from '../../components/Button'
import { Icon, Lock, User } from '../../components/Icon'
import { color, space } from '../../theme/theme'

/** PhotoBox frames a photo or its placeholder at a fixed aspect ratio, so nothing moves when it loads. */
export const PhotoBox = styled.div<{ $ratio: string }>`
  position: relative;
  width: 100%;
  aspect-ratio: ${(p) => p.$ratio};
  overflow: hidden;
  background: ${color.border};
  color: ${color.textMuted};
  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
    /* Faces sit in a portrait's upper part: a wide crop keeps them. */
    object-position: 50% 25%;
  }
  > svg {
    position: absolute;
    inset: 0;
    margin: auto;
    width: 40%;
    height: 40%;
  }
`

/**
 * MemberPhoto is the member's main photo (the largest paint of a landing,
 * preloaded by the engine with the page), or a placeholder for a member
 * without one. thumb takes the small version, for avatars.
 */
export function MemberPhoto({ profile, ratio, thumb = false }: { profile: MemberProfile; ratio: string; thumb?: boolean }) {
  const { t } = useTranslation()
  const img = profile.main_image
  const src = img ? (thumb ? img.thumb_url || img.url : img.url || img.thumb_url) : undefined
  return (
    <PhotoBox $ratio={ratio} data-testid="landing-photo">
      {src ? (
        <img
          src={src}
          alt={t('memberLanding.photoAlt', { name: profile.name })}
          width={img?.width || undefined}
          height={img?.height || undefined}
          fetchPriority={thumb ? 'auto' : 'high'}
          decoding="async"
        />
      ) : (
        <Icon icon={User} label={t('memberLanding.noPhoto', { name: profile.name })} />
      )}
    </PhotoBox>
  )
}

/** useFacts is the member's age and city as far as the tenant shows them, e.g. "34 years · Utrecht". */
export function useFacts(profile: MemberProfile): string {
  const { t } = useTranslation()
  return [profile.age ? t('memberLanding.age', { age: profile.age }) : '', profile.city || profile.region_name || ''].filter(Boolean).join(' · ')
}

export const Name = styled.span`
  overflow-wrap: anywhere;
`

export const Facts = styled.p`
  margin: 0 0 ${space(3)};
  color: ${color.textMuted};
  font-size: 1.0625rem;
  font-weight: 600;
`

const AboutText = styled.p`
  margin: 0 0 ${space(4)};
  white-space: pre-line;
  overflow-wrap: anywhere;
`

/** About is the member's about-me text under a heading, when the tenant shows it and there is one. */
export function About({ profile, level = 2 }: { profile: MemberProfile; level?: 2 | 3 }) {
  const { t } = useTranslation()
  if (!profile.about_me) return null
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <>
      <Heading>{t('memberLanding.about', { name: profile.name })}</Heading>
      <AboutText data-testid="landing-about">{profile.about_me}</AboutText>
    </>
  )
}

const Hint = styled.p`
  display: flex;
  align-items: center;
  gap: ${space(2)};
  margin: 0 0 ${space(3)};
  color: ${color.textMuted};
`

/** MorePhotos tells a visitor how many photos the signup unlocks (photos_hidden). */
export function MorePhotos({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation()
  if (profile.photos_hidden <= 0) return null
  return (
    <Hint data-testid="landing-more-photos">
      <Icon icon={Lock} />
      <span>{t('memberLanding.morePhotos', { count: profile.photos_hidden })}</span>
    </Hint>
  )
}

const Small = styled.p`
  margin: ${space(2)} 0 0;
  color: ${color.textMuted};
  font-size: 0.875rem;
`

const CtaBox = styled.div`
  margin-bottom: ${space(6)};
`

/** Cta is the landing's button to the signup, with the member as the first contact. */
export function Cta({ to, label }: { to: string; label: string }) {
  const { t } = useTranslation()
  return (
    <CtaBox>
      <ButtonLink to={to} $block data-testid="landing-cta">
        {label}
      </ButtonLink>
      <Small>{t('memberLanding.free')}</Small>
    </CtaBox>
  )
}

/** DesignProps are what each design gets: the member, the copy variant's keys and the signup's path. */
export interface DesignProps {
  profile: MemberProfile
  /** copy is the catalogue prefix of the design and variant, e.g. memberLanding.chat.b. */
  copy: string
  signup: string
  site: string
}
