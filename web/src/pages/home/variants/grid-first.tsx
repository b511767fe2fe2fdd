import styled from 'styled-components'
import { color, media, space } from '../../../theme/theme'
import { ClosingCard, SignupActions, TrustPledges, useTeaser, type FrameProps, type HomeLook, type SectionProps, type TeaserLinkProps } from '../parts'

// The grid-first home: a short headline over a mosaic of the members'
// photos, the calls to act in a bar at the screen's bottom, then its
// sections plain: the steps as a list, boxed pledges, a coloured closing
// card (the members are in the first screen already, so no teasers section).

const GridTop = styled.section`
  padding: ${space(5)} 0 0;
`

const Intro = styled.header`
  padding: 0 ${space(3)} ${space(4)};
  h1 {
    margin: 0 0 ${space(1)};
    font-size: 1.5rem;
    line-height: 1.2;
  }
  p {
    margin: 0;
    color: ${color.textMuted};
  }
  ${media('md')} {
    max-width: 960px;
    margin: 0 auto;
  }
`

const TeaserMosaic = styled.ul`
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

/** TeaserPhoto is a member as a bare photo with a name chip. */
function TeaserPhoto(props: TeaserLinkProps) {
  const { img, label, link } = useTeaser(props)
  return (
    <Photo data-testid="home-teaser">
      {link(
        <>
          {img}
          <Chip>{label}</Chip>
        </>,
      )}
    </Photo>
  )
}

/** GridFirstHero starts with the members: a short headline over a mosaic of their photos, the calls to act in a bar at the screen's bottom. */
function GridFirstHero({ copy, teasers }: SectionProps) {
  return (
    <GridTop data-testid="home-hero" data-home="grid-first">
      <Intro>
        <h1>{copy.headline}</h1>
        <p>{copy.lead}</p>
      </Intro>
      {teasers.length > 0 && (
        <TeaserMosaic aria-label={copy.teasersTitle}>
          {teasers.map((card, i) => (
            <TeaserPhoto key={card.id || `t${i}`} card={card} eager={i < 3} />
          ))}
        </TeaserMosaic>
      )}
      <SignupActions bar />
    </GridTop>
  )
}

const Plain = styled.section`
  content-visibility: auto;
  contain-intrinsic-size: auto 360px;
  padding: ${space(8)} ${space(3)} 0;
  h2 {
    margin: 0 0 ${space(3)};
    font-size: 1.25rem;
    padding-bottom: ${space(2)};
    border-bottom: 2px solid ${color.primary};
  }
  ${media('md')} {
    max-width: 960px;
    margin: 0 auto;
  }
`

/** Frame is a section plain, under an underlined heading. */
function Frame({ id, testId, children }: FrameProps) {
  return (
    <Plain aria-labelledby={id} data-testid={testId}>
      {children}
    </Plain>
  )
}

const StepList = styled.dl`
  margin: 0;
  dt {
    font-weight: 700;
  }
  dd {
    margin: 0 0 ${space(3)};
    color: ${color.textMuted};
  }
`

/** How is "how it works" as a plain list. */
function How({ copy }: SectionProps) {
  return (
    <Frame id="home-how">
      <h2 id="home-how">{copy.howTitle}</h2>
      <StepList>
        {copy.steps.map((s) => (
          <div key={s.title}>
            <dt>{s.title}</dt>
            <dd>{s.text}</dd>
          </div>
        ))}
      </StepList>
    </Frame>
  )
}

/** look is the grid-first home's first screen and sections. */
export const look: HomeLook = {
  Hero: GridFirstHero,
  sections: {
    how: How,
    trust: () => <TrustPledges Frame={Frame} />,
    cta: ({ copy }: SectionProps) => <ClosingCard copy={copy} Frame={Frame} />,
  },
}
