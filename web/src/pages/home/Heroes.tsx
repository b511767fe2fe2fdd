import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import type { Card } from '../../api/types'
import { withTexts } from '../../app/withTexts'
import { ButtonLink } from '../../components/Button'
import { Container } from '../../components/Grid'
import { color, media, radius, shadow, space } from '../../theme/theme'
import type { Copy } from './copy'
import { useSignupClick } from './signupClick'
import { TeaserCard, TeaserMosaic } from './Teasers'

// The first screen of each home variant. Each is its own structure, not
// the same one in other colours: a photo behind the words, the signup form
// beside them, the members first.

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(3)};
  margin-top: ${space(6)};
`

/** ActionBar holds the calls to act at the bottom of the screen while the members' grid scrolls under it. */
const ActionBar = styled(Actions)`
  position: sticky;
  bottom: 0;
  z-index: 1;
  flex-wrap: nowrap;
  margin: 0;
  padding: ${space(3)};
  background: ${color.surface};
  box-shadow: 0 -4px 16px rgba(0, 0, 0, 0.12);
  a {
    flex: 1 1 0;
    padding-inline: ${space(2)};
    text-align: center;
  }
`

/** SignupActions are the calls to sign up (the main one) and to log in: under the words, or in a bar at the screen's bottom. */
function SignupActions({ bar = false }: { bar?: boolean }) {
  const { t } = useTranslation()
  const signup = useSignupClick()
  const Wrap = bar ? ActionBar : Actions
  return (
    <Wrap>
      <ButtonLink to="/signup" onClick={signup} data-testid="home-signup">
        {t('home.signup')}
      </ButtonLink>
      <ButtonLink to="/login" $variant="secondary">
        {t('home.login')}
      </ButtonLink>
    </Wrap>
  )
}

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
export function PhotoHero({ copy, cover }: { copy: Copy; cover?: Card }) {
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
const SignupFlow = lazy(() => withTexts(() => import('../account/signup/SignupFlow'))().then((m) => ({ default: m.SignupFlow })))

/** SplitSignupHero is the headline with the signup form itself beside it (below it on a phone). */
export function SplitSignupHero({ copy }: { copy: Copy }) {
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

/** GridFirstHero starts with the members: a short headline over a mosaic of their photos, the calls to act in a bar at the screen's bottom. */
export function GridFirstHero({ copy, teasers }: { copy: Copy; teasers: Card[] }) {
  return (
    <GridTop data-testid="home-hero" data-home="grid-first">
      <Intro>
        <h1>{copy.headline}</h1>
        <p>{copy.lead}</p>
      </Intro>
      {teasers.length > 0 && (
        <TeaserMosaic aria-label={copy.teasersTitle}>
          {teasers.map((card, i) => (
            <TeaserCard key={card.id || `t${i}`} card={card} eager={i < 3} look="photo" />
          ))}
        </TeaserMosaic>
      )}
      <SignupActions bar />
    </GridTop>
  )
}
