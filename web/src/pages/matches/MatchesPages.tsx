import { useCallback, useEffect, useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Button, ButtonLink } from '../../components/Button'
import { Field, Input, Label } from '../../components/Form'
import { Page, Panel } from '../../components/Page'
import { useAppState } from '../../state/context'
import type { Card } from '../members/discovery'
import { FictionalLegend } from '../../components/FictionalLegend'
import { CardGrid, LikeButton, ProfileCard } from '../members/ProfileCard'
import { validateDraft, emptyDraft } from '../members/searchQuery'
import { keyAction, type SwipeAction } from './swipeGesture'
import { SwipeCard } from './SwipeCard'
import { SWIPE_LIKES_PER_DAY, useSuggestions, useSwipeDeck } from './useMatches'
import { color, radius, space } from '../../theme/theme'

export { SWIPE_LIKES_PER_DAY }

const Controls = styled.div`
  display: flex;
  justify-content: center;
  gap: ${space(4)};
  margin: ${space(5)} 0 ${space(2)};
  @media (max-width: 767.98px) {
    margin-top: ${space(3)};
  }
`

const Round = styled(Button)`
  min-width: 120px;
`

const Note = styled.p`
  text-align: center;
  color: ${color.textMuted};
`

const LikesLeft = styled.p`
  font-weight: 700;
  text-align: center;
`

const Inline = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${space(3)};
  margin-bottom: ${space(4)};
  > div {
    width: 120px;
    margin-bottom: 0;
  }
`

const Actions = styled.div`
  display: flex;
  gap: ${space(2)};
  width: 100%;
`

const PassButton = styled.button`
  flex: 1;
  min-height: 40px;
  border: 2px solid ${color.border};
  border-radius: ${radius.md};
  background: transparent;
  color: ${color.text};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
`

/** isTyping: arrow keys in a form field move the caret, not the cards. */
const isTyping = (el: EventTarget | null): boolean =>
  el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName))

/** SwipeGamePage: /swipe-game, a card stack to like (right) or pass (left), 4 likes a day. */
export function SwipeGamePage() {
  const { t } = useTranslation()
  const { deck, act, reload } = useSwipeDeck()
  const top: Card | undefined = deck.cards[0]
  const limitReached = deck.status !== 'loading' && deck.likesLeft <= 0
  // A touch screen has no arrow keys to speak of.
  const [touch] = useState(() => globalThis.matchMedia?.('(pointer: coarse)').matches ?? false)

  const swipeTop = useCallback(
    (action: SwipeAction) => {
      if (!top || deck.busy || limitReached) return
      void act(top, action)
    },
    [top, deck.busy, limitReached, act],
  )

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return
      const action = keyAction(e.key)
      if (!action) return
      e.preventDefault()
      swipeTop(action)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [swipeTop])

  return (
    <Page title={t('swipeGame.title')} lead={t('swipeGame.lead', { count: deck.limit })} testId="swipe-page">
      <LikesLeft role="status" data-testid="likes-left" data-count={deck.likesLeft}>
        {t('swipe.likesLeft', { count: deck.likesLeft, limit: deck.limit })}
      </LikesLeft>
      {limitReached ? (
        <Panel data-testid="swipe-limit">
          <h2>{t('swipe.limitTitle')}</h2>
          <p>{t('swipe.limitText', { count: deck.limit })}</p>
          {/* The day's likes stay as they are; what the member can do now is write. */}
          <p data-testid="swipe-offer">{t('swipe.offerText')}</p>
          <Controls>
            <ButtonLink to="/premium">{t('swipe.offerPremium')}</ButtonLink>
            <ButtonLink to="/credits" $variant="secondary">
              {t('swipe.offerCredits')}
            </ButtonLink>
          </Controls>
        </Panel>
      ) : top ? (
        <>
          <SwipeCard key={top.id} card={top} next={deck.cards[1]} disabled={deck.busy} onSwipe={swipeTop} />
          <Controls>
            <Round type="button" $variant="secondary" onClick={() => swipeTop('pass')} disabled={deck.busy} data-testid="swipe-pass">
              {t('swipe.pass')}
            </Round>
            <Round type="button" onClick={() => swipeTop('like')} disabled={deck.busy} data-testid="swipe-like">
              {t('swipe.like')}
            </Round>
          </Controls>
          <Note data-testid="swipe-hint">{touch ? t('swipe.touch') : t('swipe.keys')}</Note>
          <FictionalLegend profiles={[top]} />
        </>
      ) : deck.status === 'loading' ? (
        <p role="status">{t('likesList.loading')}</p>
      ) : deck.status === 'failed' ? (
        <Panel role="alert">
          <p>{t('likesList.failed')}</p>
          <Button type="button" $variant="secondary" onClick={reload}>
            {t('discovery.retry')}
          </Button>
        </Panel>
      ) : (
        <Panel data-testid="swipe-empty">
          <p>{t('swipe.empty')}</p>
          <ButtonLink to="/members">{t('nav.search')}</ButtonLink>
        </Panel>
      )}
    </Page>
  )
}

/** SuggestionList shows suggestions with like and pass. */
function SuggestionList({ min, max, limit }: { min?: number; max?: number; limit: number }) {
  const { t } = useTranslation()
  const { state, pass } = useSuggestions({ min_age: min, max_age: max, limit })
  if (state.status === 'loading' && state.cards.length === 0) return <p role="status">{t('likesList.loading')}</p>
  if (state.status === 'failed') return <Panel role="alert">{t('likesList.failed')}</Panel>
  if (state.cards.length === 0) return <Panel data-testid="suggestions-empty">{t('finder.empty')}</Panel>
  return (
    <>
      <CardGrid aria-label={t('finder.suggestions')} data-testid="suggestions">
      {state.cards.map((c) => (
        <ProfileCard
          key={c.id}
          card={c}
          actions={
            <Actions>
              <PassButton type="button" onClick={() => pass(c.id)} aria-label={t('finder.passName', { name: c.name })} data-testid={`pass-${c.id}`}>
                {t('swipe.pass')}
              </PassButton>
              <LikeButton card={c} />
            </Actions>
          }
        />
      ))}
      </CardGrid>
      {/* below the cards: on a phone the first card's actions stay in view */}
      <FictionalLegend profiles={state.cards} />
    </>
  )
}

/** MatchFinderPage: /match-finder, suggestions ranked by preferences, region and activity. */
export function MatchFinderPage() {
  const { t } = useTranslation()
  const id = useId()
  const minAge = useAppState((s) => s.settings.min_age) || 18
  const [draft, setDraft] = useState({ ...emptyDraft })
  const [ages, setAges] = useState<{ min?: number; max?: number }>({})
  const errors = validateDraft(draft, minAge)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (Object.keys(errors).length) return
    setAges({ min: draft.min_age ? Number(draft.min_age) : undefined, max: draft.max_age ? Number(draft.max_age) : undefined })
  }
  return (
    <Page title={t('matchFinder.title')} lead={t('matchFinder.lead')} testId="match-finder-page">
      <Inline onSubmit={submit} aria-label={t('finder.ages')} noValidate>
        <Field>
          <Label htmlFor={`${id}-min`}>{t('search.minAge')}</Label>
          <Input id={`${id}-min`} type="number" inputMode="numeric" min={minAge} max={99} value={draft.min_age} aria-invalid={errors.min_age ? true : undefined} onChange={(e) => setDraft((d) => ({ ...d, min_age: e.target.value }))} />
        </Field>
        <Field>
          <Label htmlFor={`${id}-max`}>{t('search.maxAge')}</Label>
          <Input id={`${id}-max`} type="number" inputMode="numeric" min={minAge} max={99} value={draft.max_age} aria-invalid={errors.max_age ? true : undefined} onChange={(e) => setDraft((d) => ({ ...d, max_age: e.target.value }))} />
        </Field>
        <Button type="submit" disabled={Object.keys(errors).length > 0}>
          {t('finder.apply')}
        </Button>
        <ButtonLink to="/swipe-game" $variant="secondary">
          {t('swipeGame.title')}
        </ButtonLink>
      </Inline>
      <SuggestionList min={ages.min} max={ages.max} limit={24} />
    </Page>
  )
}

/** SignupMatchesPage: /signup-matches, suggestions right after signup. */
export function SignupMatchesPage() {
  const { t } = useTranslation()
  return (
    <Page title={t('signupMatches.title')} lead={t('signupMatches.lead')} testId="signup-matches-page">
      <SuggestionList limit={12} />
      <ButtonLink to="/members">{t('finder.continue')}</ButtonLink>
    </Page>
  )
}
