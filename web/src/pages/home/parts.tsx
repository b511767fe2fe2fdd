import type { ComponentType, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import styled from 'styled-components'
import type { Card } from '../../api/types'
import { ButtonLink } from '../../components/Button'
import { useFictionalTexts } from '../../components/fictional'
import { useAppState } from '../../state/context'
import type { SectionId } from '../../theme/layout'
import { color, radius, space } from '../../theme/theme'
import type { Copy } from './copy'
import { useSignupClick } from './signupClick'

// What more than one home variant draws: the calls to sign up and log in,
// the sections' parts the variants share, and a teaser's link. Each variant
// (variants/) draws its own first screen and frames its sections in its own
// manner: a photo hero with bands, a split hero with cards, the members'
// grid first with plain sections.

/** SectionProps is what the home's first screen and its sections draw from. */
export interface SectionProps {
  copy: Copy
  teasers: Card[]
}

/** HomeLook is a home variant: its first screen and its parts for the layout's sections (a section it has no part for is left out). */
export interface HomeLook {
  Hero: ComponentType<SectionProps>
  sections: Partial<Record<SectionId, ComponentType<SectionProps>>>
}

/** LookedHome is the home in a variant's look: its first screen, then the layout's sections in its manner. */
export function LookedHome({ look, sections, copy, teasers }: SectionProps & { look: HomeLook; sections: SectionId[] }) {
  const { Hero } = look
  return (
    <>
      <Hero copy={copy} teasers={teasers} />
      {sections.map((id) => {
        const Section = look.sections[id]
        return Section ? <Section key={id} copy={copy} teasers={teasers} /> : null
      })}
    </>
  )
}

/** FrameProps is a section's box: its heading's id, a tint, a test id. */
export interface FrameProps {
  id: string
  tinted?: boolean
  testId?: string
  children: ReactNode
}

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
export function SignupActions({ bar = false }: { bar?: boolean }) {
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

/** TeaserLinkProps is what a teaser's look draws: its photo (lazy below the first ones) and its member's name. */
export interface TeaserLinkProps {
  card: Card
  eager: boolean
}

/** useTeaser is a teaser's photo, label, place and link (to the profile, or to the signup for a member the visitor may not see). */
export function useTeaser({ card, eager }: TeaserLinkProps) {
  const { t } = useTranslation()
  const signup = useSignupClick()
  const src = card.main_image?.thumb_url || card.main_image?.url
  return {
    img: src && <img src={src} alt="" width={300} height={400} loading={eager ? 'eager' : 'lazy'} fetchPriority={eager ? 'high' : 'auto'} decoding="async" />,
    label: card.age ? t('homePage.nameAge', { name: card.name, age: card.age }) : card.name,
    place: [card.city, card.region_name].filter(Boolean).join(', '),
    link: (children: ReactNode) => (
      <Link to={card.id ? `/members/${card.id}` : '/signup'} onClick={card.id ? undefined : signup}>
        {children}
      </Link>
    ),
  }
}

/** TeaserList is the members on the site in a variant's list and look, with the way on to all of them (or to the signup). */
export function TeaserList({
  copy,
  teasers,
  Frame,
  List,
  Teaser,
  eager,
}: SectionProps & { Frame: ComponentType<FrameProps>; List: ComponentType<{ children: ReactNode }>; Teaser: ComponentType<TeaserLinkProps>; eager: number }) {
  const { t } = useTranslation()
  const signup = useSignupClick()
  if (teasers.length === 0) return null
  const browse = teasers.some((c) => c.id)
  return (
    <Frame id="home-teasers">
      <h2 id="home-teasers">{copy.teasersTitle}</h2>
      <List>
        {teasers.map((card, i) => (
          <Teaser key={card.id || `t${i}`} card={card} eager={i < eager} />
        ))}
      </List>
      {browse ? (
        <ButtonLink to="/members" $variant="secondary">
          {t('homePage.seeAll')}
        </ButtonLink>
      ) : (
        <ButtonLink to="/signup" onClick={signup} $variant="secondary">
          {t('homePage.signupToSee')}
        </ButtonLink>
      )}
    </Frame>
  )
}

/** useTrustItems are "safe and discreet"'s points: the rules every brand keeps, with its support address and its fictional-profile notice. */
export function useTrustItems(): ReactNode[] {
  const { t } = useTranslation()
  const settings = useAppState((s) => s.settings)
  const fictional = useFictionalTexts()
  return [
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
}

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

/** TrustPledges is "safe and discreet" as boxed pledges in a variant's frame. */
export function TrustPledges({ Frame }: { Frame: ComponentType<FrameProps> }) {
  const { t } = useTranslation()
  const items = useTrustItems()
  return (
    <Frame id="home-trust" testId="home-trust">
      <h2 id="home-trust">{t('homePage.trustTitle')}</h2>
      <Pledges>
        {items.map((item, i) => (
          <p key={i}>{item}</p>
        ))}
      </Pledges>
    </Frame>
  )
}

/** SignupButton is the closing call to sign up. */
export function SignupButton() {
  const { t } = useTranslation()
  const signup = useSignupClick()
  return (
    <ButtonLink to="/signup" onClick={signup}>
      {t('home.signup')}
    </ButtonLink>
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

/** ClosingCard is the closing call to sign up as a coloured card in a variant's frame. */
export function ClosingCard({ copy, Frame }: { copy: Copy; Frame: ComponentType<FrameProps> }) {
  return (
    <Frame id="home-cta">
      <Closing>
        <h2 id="home-cta">{copy.ctaTitle}</h2>
        <p>{copy.ctaText}</p>
        <SignupButton />
      </Closing>
    </Frame>
  )
}
