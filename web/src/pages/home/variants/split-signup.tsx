import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { withTexts } from '../../../app/withTexts'
import { Container } from '../../../components/Grid'
import { color, media, radius, shadow, space } from '../../../theme/theme'
import type { Copy } from '../copy'
import { ClosingCard, TeaserList, TrustPledges, useTeaser, type FrameProps, type HomeLook, type SectionProps, type TeaserLinkProps } from '../parts'

// The split-signup home: the words with the signup form itself beside them
// (below them on a phone), then its sections as cards: the members as a
// strip of avatars, the steps as cards, boxed pledges, a coloured closing card.

const Split = styled.section`
  padding: ${space(6)} 0 ${space(10)};
  background: ${color.primary};
  > div {
    display: grid;
    gap: ${space(5)};
    ${media('md')} {
      grid-template-columns: 1fr 1fr;
      align-items: start;
    }
  }
`

const Pitch = styled.header`
  color: ${color.onPrimary};
  h1 {
    margin: 0 0 ${space(2)};
    font-size: clamp(1.5rem, 6vw, 2.5rem);
    line-height: 1.15;
  }
  p {
    margin: 0;
  }
`

const FormCard = styled.aside`
  padding: ${space(5)} ${space(4)};
  border-radius: ${radius.card};
  background: ${color.surface};
  color: ${color.text};
  box-shadow: ${shadow.card}, 0 8px 24px rgba(0, 0, 0, 0.12);
  h2 {
    margin: 0 0 ${space(1)};
    font-size: 1.25rem;
  }
  > p {
    margin: 0 0 ${space(3)};
    color: ${color.textMuted};
  }
`

// The form comes with its texts (the catalogue's rest), which the home's
// first screen does without.
const SignupFlow = lazy(() => withTexts(() => import('../../account/signup/SignupFlow'))().then((m) => ({ default: m.SignupFlow })))

/** SplitSignupHero is the headline with the signup form itself beside it (below it on a phone). */
function SplitSignupHero({ copy }: { copy: Copy }) {
  const { t } = useTranslation()
  return (
    <Split data-testid="home-hero" data-home="split-signup">
      <Container>
        <Pitch>
          <h1>{copy.headline}</h1>
          <p>{copy.lead}</p>
        </Pitch>
        <FormCard aria-labelledby="home-signup-title" data-testid="home-signup-form">
          <h2 id="home-signup-title">{t('home.signup')}</h2>
          <p>
            {t('homeLayout.haveAccount')} <a href="/login">{t('home.login')}</a>
          </p>
          <Suspense fallback={null}>
            <SignupFlow />
          </Suspense>
        </FormCard>
      </Container>
    </Split>
  )
}

const Panel = styled.section`
  content-visibility: auto;
  contain-intrinsic-size: auto 420px;
  margin: ${space(6)} ${space(3)};
  padding: ${space(6)} ${space(4)};
  border-radius: ${radius.card};
  background: ${color.surface};
  box-shadow: ${shadow.card};
  h2 {
    margin: 0 0 ${space(4)};
    font-size: 1.375rem;
  }
  ${media('md')} {
    max-width: 720px;
    margin: ${space(8)} auto;
  }
`

/** Frame is a section as a card of its own. */
function Frame({ id, testId, children }: FrameProps) {
  return (
    <Panel aria-labelledby={id} data-testid={testId}>
      {children}
    </Panel>
  )
}

const TeaserStrip = styled.ul`
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

/** TeaserAvatar is a member as a round avatar with the name below. */
function TeaserAvatar(props: TeaserLinkProps) {
  const { img, label, link } = useTeaser(props)
  return (
    <Avatar data-testid="home-teaser">
      {link(
        <>
          {img}
          <span>{label}</span>
        </>,
      )}
    </Avatar>
  )
}

const StepCards = styled.div`
  display: grid;
  gap: ${space(3)};
  article {
    padding: ${space(3)} ${space(4)};
    border-left: 4px solid ${color.primary};
    border-radius: ${radius.sm};
    background: ${color.background};
  }
  h3 {
    margin: 0 0 ${space(1)};
    font-size: 1rem;
  }
  p {
    margin: 0;
    color: ${color.textMuted};
  }
`

/** How is "how it works" as cards. */
function How({ copy }: SectionProps) {
  return (
    <Frame id="home-how">
      <h2 id="home-how">{copy.howTitle}</h2>
      <StepCards>
        {copy.steps.map((s) => (
          <article key={s.title}>
            <h3>{s.title}</h3>
            <p>{s.text}</p>
          </article>
        ))}
      </StepCards>
    </Frame>
  )
}

/** look is the split-signup home's first screen and sections. */
export const look: HomeLook = {
  Hero: SplitSignupHero,
  sections: {
    teasers: (p: SectionProps) => <TeaserList {...p} Frame={Frame} List={TeaserStrip} Teaser={TeaserAvatar} eager={2} />,
    how: How,
    trust: () => <TrustPledges Frame={Frame} />,
    cta: ({ copy }: SectionProps) => <ClosingCard copy={copy} Frame={Frame} />,
  },
}
