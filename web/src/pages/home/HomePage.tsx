import type { MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate } from 'react-router'
import styled from 'styled-components'
import type { Card } from '../../api/types'
import { isDesktop } from '../../app/hooks'
import { useFictionalTexts } from '../../components/fictional'
import { ButtonLink } from '../../components/Button'
import { Container } from '../../components/Grid'
import { usePageTitle } from '../../components/Page'
import { useAppState, useServices } from '../../state/context'
import { color, media, radius, space } from '../../theme/theme'

const Hero = styled.section`
  padding: ${space(10)} 0 ${space(12)};
  background: ${color.primary};
  color: ${color.onPrimary};
  h1 {
    margin: 0 0 ${space(3)};
    font-size: clamp(1.75rem, 6vw, 3rem);
    line-height: 1.15;
  }
  p {
    max-width: 40rem;
    margin: 0;
    font-size: 1.125rem;
  }
  ${media('md')} {
    padding: ${space(16)} 0;
  }
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(3)};
  margin-top: ${space(6)};
  a {
    background: ${color.surface};
    color: ${color.primary};
    border-color: ${color.surface};
  }
  a + a {
    background: transparent;
    color: ${color.onPrimary};
    border-color: ${color.onPrimary};
  }
`

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

const Teasers = styled.ul`
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

/** signupClick opens the signup modal on desktop; phones follow the link to the page. */
function useSignupClick() {
  const { store } = useServices()
  return (e: MouseEvent) => {
    if (isDesktop()) {
      e.preventDefault()
      store.set({ signup: { open: true, inProgress: false } })
    }
  }
}

function TeaserCard({ card, eager }: { card: Card; eager: boolean }) {
  const { t } = useTranslation()
  const signup = useSignupClick()
  const src = card.main_image?.thumb_url || card.main_image?.url
  const place = [card.city, card.region_name].filter(Boolean).join(', ')
  const label = card.age ? t('homePage.nameAge', { name: card.name, age: card.age }) : card.name
  return (
    <Teaser data-testid="home-teaser">
      {src && <img src={src} alt="" width={300} height={400} loading={eager ? 'eager' : 'lazy'} fetchPriority={eager ? 'high' : 'auto'} decoding="async" />}
      {card.id ? (
        <Link to={`/members/${card.id}`}>
          <strong>{label}</strong>
          {place && <span>{place}</span>}
        </Link>
      ) : (
        <Link to="/signup" onClick={signup}>
          <strong>{label}</strong>
          {place && <span>{place}</span>}
        </Link>
      )}
    </Teaser>
  )
}

/**
 * HomePage sells the site to visitors: member teasers (from the boot state,
 * no API call), how it works, trust and safety, and the call to sign up.
 * Members go straight to the search.
 */
export function HomePage() {
  const { t } = useTranslation()
  const signup = useSignupClick()
  const user = useAppState((s) => s.user)
  const name = useAppState((s) => s.tenant.name)
  const settings = useAppState((s) => s.settings)
  const fictional = useFictionalTexts()
  const teasers = useAppState((s) => s.teasers)
  usePageTitle(null)
  if (user) return <Navigate to="/members" replace />
  const browse = teasers.some((c) => c.id)
  return (
    <>
      <Hero data-testid="home-hero">
        <Container>
          <h1>{t('home.title', { name })}</h1>
          <p>{settings.description || t('home.lead')}</p>
          <Actions>
            <ButtonLink to="/signup" onClick={signup} data-testid="home-signup">
              {t('home.signup')}
            </ButtonLink>
            <ButtonLink to="/login" $variant="secondary">
              {t('home.login')}
            </ButtonLink>
          </Actions>
        </Container>
      </Hero>
      {teasers.length > 0 && (
        <Band aria-labelledby="home-teasers">
          <Container>
            <h2 id="home-teasers">{t('homePage.teasersTitle', { name })}</h2>
            <Teasers>
              {teasers.map((card, i) => (
                <TeaserCard key={card.id || `t${i}`} card={card} eager={i < 2} />
              ))}
            </Teasers>
            {browse ? (
              <ButtonLink to="/members" $variant="secondary">
                {t('homePage.seeAll')}
              </ButtonLink>
            ) : (
              <ButtonLink to="/signup" onClick={signup} $variant="secondary">
                {t('homePage.signupToSee')}
              </ButtonLink>
            )}
          </Container>
        </Band>
      )}
      <Band $tinted aria-labelledby="home-how">
        <Container>
          <h2 id="home-how">{t('homePage.howTitle')}</h2>
          <Steps>
            {[1, 2, 3].map((n) => (
              <li key={n}>
                <h3>{t(`homePage.step${n}Title`)}</h3>
                <p>{t(`homePage.step${n}Text`)}</p>
              </li>
            ))}
          </Steps>
        </Container>
      </Band>
      <Band aria-labelledby="home-trust" data-testid="home-trust">
        <Container>
          <h2 id="home-trust">{t('homePage.trustTitle')}</h2>
          <Notes>
            <li>{t('homePage.trustAdults', { age: settings.min_age || 18 })}</li>
            <li>{t('homePage.trustPrivacy')}</li>
            <li>{t('homePage.trustModeration')}</li>
            {settings.support_email && (
              <li>
                {t('homePage.trustSupport')} <a href={`mailto:${settings.support_email}`}>{settings.support_email}</a>
              </li>
            )}
            {fictional.warning && <li>{fictional.warning}</li>}
          </Notes>
        </Container>
      </Band>
      <Band $tinted aria-labelledby="home-cta">
        <Container>
          <h2 id="home-cta">{t('homePage.ctaTitle')}</h2>
          <p>{t('homePage.ctaText')}</p>
          <ButtonLink to="/signup" onClick={signup}>
            {t('home.signup')}
          </ButtonLink>
        </Container>
      </Band>
    </>
  )
}
