import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import type { Card } from '../../api/types'
import { ButtonLink } from '../../components/Button'
import { useFictionalTexts } from '../../components/fictional'
import { Container } from '../../components/Grid'
import { useAppState } from '../../state/context'
import type { HomeVariant, SectionId } from '../../theme/layout'
import { color, media, radius, shadow, space } from '../../theme/theme'
import type { Copy } from './copy'
import { useSignupClick } from './signupClick'
import { TeaserCard, TeaserGrid, TeaserStrip } from './Teasers'

// The home's sections below its first screen, in the order the layout
// names them, each drawn in the manner of the home variant: bands with
// numbered steps under a photo hero, cards beside the signup form, a plain
// list after the members' grid.

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

/** Frame is the section's box in the variant's manner. */
function Frame({ variant, id, tinted, testId, children }: { variant: HomeVariant; id: string; tinted?: boolean; testId?: string; children: React.ReactNode }) {
  if (variant === 'split-signup')
    return (
      <Panel aria-labelledby={id} data-testid={testId}>
        {children}
      </Panel>
    )
  if (variant === 'grid-first')
    return (
      <Plain aria-labelledby={id} data-testid={testId}>
        {children}
      </Plain>
    )
  return (
    <Band $tinted={tinted} aria-labelledby={id} data-testid={testId}>
      <Container>{children}</Container>
    </Band>
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

/** How is "how it works" in the variant's manner: numbered steps, cards, a plain list. */
function How({ variant, copy }: { variant: HomeVariant; copy: Copy }) {
  const title = <h2 id="home-how">{copy.howTitle}</h2>
  if (variant === 'split-signup')
    return (
      <Frame variant={variant} id="home-how">
        {title}
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
  if (variant === 'grid-first')
    return (
      <Frame variant={variant} id="home-how">
        {title}
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
  return (
    <Frame variant={variant} id="home-how" tinted>
      {title}
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

const Pledges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
  p {
    flex: 1 1 14rem;
    margin: 0;
    padding: ${space(3)};
    border: 1px solid ${color.border};
    border-radius: ${radius.md};
  }
`

/** Trust is "safe and discreet": the rules every brand keeps, with its support address and its fictional-profile notice. */
function Trust({ variant }: { variant: HomeVariant }) {
  const { t } = useTranslation()
  const settings = useAppState((s) => s.settings)
  const fictional = useFictionalTexts()
  const items = [
    <>{t('homePage.trustAdults', { age: settings.min_age || 18 })}</>,
    <>{t('homePage.trustPrivacy')}</>,
    <>{t('homePage.trustModeration')}</>,
    settings.support_email ? (
      <>
        {t('homePage.trustSupport')} <a href={`mailto:${settings.support_email}`}>{settings.support_email}</a>
      </>
    ) : null,
    fictional.warning ? <>{fictional.warning}</> : null,
  ].filter(Boolean)
  const title = <h2 id="home-trust">{t('homePage.trustTitle')}</h2>
  if (variant === 'photo-hero')
    return (
      <Frame variant={variant} id="home-trust" testId="home-trust">
        {title}
        <Notes>
          {items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </Notes>
      </Frame>
    )
  return (
    <Frame variant={variant} id="home-trust" testId="home-trust">
      {title}
      <Pledges>
        {items.map((item, i) => (
          <p key={i}>{item}</p>
        ))}
      </Pledges>
    </Frame>
  )
}

/** Teasers are the members on the site: a grid of tiles, or a strip of avatars to swipe. */
function Teasers({ variant, copy, teasers }: { variant: HomeVariant; copy: Copy; teasers: Card[] }) {
  const { t } = useTranslation()
  const signup = useSignupClick()
  if (teasers.length === 0) return null
  const browse = teasers.some((c) => c.id)
  const more = browse ? (
    <ButtonLink to="/members" $variant="secondary">
      {t('homePage.seeAll')}
    </ButtonLink>
  ) : (
    <ButtonLink to="/signup" onClick={signup} $variant="secondary">
      {t('homePage.signupToSee')}
    </ButtonLink>
  )
  const strip = variant !== 'photo-hero'
  const List = strip ? TeaserStrip : TeaserGrid
  return (
    <Frame variant={variant} id="home-teasers">
      <h2 id="home-teasers">{copy.teasersTitle}</h2>
      <List>
        {teasers.map((card, i) => (
          <TeaserCard key={card.id || `t${i}`} card={card} eager={i < 2} look={strip ? 'avatar' : 'tile'} />
        ))}
      </List>
      {more}
    </Frame>
  )
}

const Closing = styled.div`
  padding: ${space(6)} ${space(4)};
  border-radius: ${radius.card};
  text-align: center;
  color: ${color.onPrimary};
  background: ${color.primary};
  h2 {
    border: 0;
  }
  p {
    margin: 0 0 ${space(4)};
  }
  a {
    background: ${color.surface};
    color: ${color.primary};
    border-color: ${color.surface};
  }
`

/** Cta is the closing call to sign up: a band, or a coloured card. */
function Cta({ variant, copy }: { variant: HomeVariant; copy: Copy }) {
  const { t } = useTranslation()
  const signup = useSignupClick()
  const button = (
    <ButtonLink to="/signup" onClick={signup}>
      {t('home.signup')}
    </ButtonLink>
  )
  if (variant === 'photo-hero')
    return (
      <Frame variant={variant} id="home-cta" tinted>
        <h2 id="home-cta">{copy.ctaTitle}</h2>
        <p>{copy.ctaText}</p>
        {button}
      </Frame>
    )
  return (
    <Frame variant={variant} id="home-cta">
      <Closing>
        <h2 id="home-cta">{copy.ctaTitle}</h2>
        <p>{copy.ctaText}</p>
        {button}
      </Closing>
    </Frame>
  )
}

/** Section is the home's section id in the variant's manner. */
export function Section({ id, variant, copy, teasers }: { id: SectionId; variant: HomeVariant; copy: Copy; teasers: Card[] }) {
  switch (id) {
    case 'teasers':
      return <Teasers variant={variant} copy={copy} teasers={teasers} />
    case 'how':
      return <How variant={variant} copy={copy} />
    case 'trust':
      return <Trust variant={variant} />
    case 'cta':
      return <Cta variant={variant} copy={copy} />
  }
}
