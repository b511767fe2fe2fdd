import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Container } from '../../../components/Grid'
import { color, media, radius, space } from '../../../theme/theme'
import { SignupActions, SignupButton, TeaserList, useTeaser, useTrustItems, type FrameProps, type HomeLook, type SectionProps, type TeaserLinkProps } from '../parts'

// The photo-hero home: a full-bleed photo of a member behind the words,
// then its sections as bands: the members as photo tiles, numbered steps,
// a list of what the site keeps to, a closing band.

const PhotoSection = styled.section`
  position: relative;
  display: flex;
  align-items: flex-end;
  min-height: min(78vh, 640px);
  padding: ${space(16)} 0 ${space(10)};
  overflow: hidden;
  color: #fff;
  background: ${color.text};
  > img {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: cover;
    object-position: center 20%;
  }
  /* The words sit on a dark veil, whatever the photo: white text keeps
     at least 7:1 on it. */
  &::before {
    content: '';
    position: absolute;
    inset: 0;
    z-index: 1;
    background: linear-gradient(to top, rgba(0, 0, 0, 0.88) 0%, rgba(0, 0, 0, 0.72) 45%, rgba(0, 0, 0, 0.35) 100%);
  }
  > div {
    position: relative;
    z-index: 2;
  }
  h1 {
    margin: 0 0 ${space(3)};
    font-size: clamp(2rem, 8vw, 3.5rem);
    line-height: 1.1;
  }
  p {
    max-width: 36rem;
    margin: 0;
    font-size: 1.125rem;
  }
  a[data-variant='secondary'] {
    color: #fff;
    border-color: #fff;
  }
`

/** PhotoHero is a full-bleed photo of a member behind the headline and the calls to sign up and log in. */
function PhotoHero({ copy, teasers }: SectionProps) {
  const cover = teasers.find((c) => c.main_image)
  const src = cover?.main_image?.url || cover?.main_image?.thumb_url
  return (
    <PhotoSection data-testid="home-hero" data-home="photo-hero">
      {src && <img src={src} alt="" fetchPriority="high" decoding="async" />}
      <Container>
        <h1>{copy.headline}</h1>
        <p>{copy.lead}</p>
        <SignupActions />
      </Container>
    </PhotoSection>
  )
}

// A band off the screen is laid out and drawn only when it comes near
// (content-visibility): the app's first render lays out what is in view,
// not the whole page (the first render's layout task).
const Band = styled.section<{ $tinted?: boolean }>`
  content-visibility: auto;
  contain-intrinsic-size: auto 480px;
  padding: ${space(10)} 0;
  background: ${(p) => (p.$tinted ? color.surface : 'transparent')};
  h2 {
    margin: 0 0 ${space(5)};
    font-size: 1.5rem;
  }
`

/** Frame is a section as a full-width band, tinted or not. */
function Frame({ id, tinted, testId, children }: FrameProps) {
  return (
    <Band $tinted={tinted} aria-labelledby={id} data-testid={testId}>
      <Container>{children}</Container>
    </Band>
  )
}

const TeaserGrid = styled.ul`
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

const Tile = styled.li`
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

/** TeaserTile is a member as a photo tile with the name and place on it. */
function TeaserTile(props: TeaserLinkProps) {
  const { img, label, place, link } = useTeaser(props)
  return (
    <Tile data-testid="home-teaser">
      {img}
      {link(
        <>
          <strong>{label}</strong>
          {place && <span>{place}</span>}
        </>,
      )}
    </Tile>
  )
}

const Steps = styled.ol`
  display: grid;
  gap: ${space(5)};
  margin: 0;
  padding: 0;
  list-style: none;
  counter-reset: step;
  ${media('md')} {
    grid-template-columns: repeat(3, 1fr);
  }
  li {
    counter-increment: step;
  }
  li::before {
    content: counter(step);
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 2.5rem;
    height: 2.5rem;
    margin-bottom: ${space(2)};
    border-radius: 50%;
    font-weight: 700;
    background: ${color.primary};
    color: ${color.onPrimary};
  }
  h3 {
    margin: 0 0 ${space(1)};
    font-size: 1.125rem;
  }
  p {
    margin: 0;
  }
`

const Notes = styled.ul`
  display: grid;
  gap: ${space(3)};
  margin: 0;
  padding-left: 1.25rem;
  ${media('md')} {
    grid-template-columns: repeat(2, 1fr);
    column-gap: ${space(8)};
  }
`

/** How is "how it works" as numbered steps on a tinted band. */
function How({ copy }: SectionProps) {
  return (
    <Frame id="home-how" tinted>
      <h2 id="home-how">{copy.howTitle}</h2>
      <Steps>
        {copy.steps.map((s) => (
          <li key={s.title}>
            <h3>{s.title}</h3>
            <p>{s.text}</p>
          </li>
        ))}
      </Steps>
    </Frame>
  )
}

/** Trust is "safe and discreet" as a list. */
function Trust() {
  const { t } = useTranslation()
  const items = useTrustItems()
  return (
    <Frame id="home-trust" testId="home-trust">
      <h2 id="home-trust">{t('homePage.trustTitle')}</h2>
      <Notes>
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </Notes>
    </Frame>
  )
}

/** look is the photo-hero home's first screen and sections. */
export const look: HomeLook = {
  Hero: PhotoHero,
  sections: {
    teasers: (p: SectionProps) => <TeaserList {...p} Frame={Frame} List={TeaserGrid} Teaser={TeaserTile} eager={2} />,
    how: How,
    trust: Trust,
    cta: ({ copy }: SectionProps) => (
      <Frame id="home-cta" tinted>
        <h2 id="home-cta">{copy.ctaTitle}</h2>
        <p>{copy.ctaText}</p>
        <SignupButton />
      </Frame>
    ),
  },
}
