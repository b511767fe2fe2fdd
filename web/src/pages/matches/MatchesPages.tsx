import { useTranslation } from 'react-i18next'
import { ButtonLink } from '../../components/Button'
import { Page } from '../../components/Page'

/** SWIPE_LIKES_PER_DAY: the swipe game's daily likes. */
export const SWIPE_LIKES_PER_DAY = 4

/** MatchFinderPage: /match-finder. */
export function MatchFinderPage() {
  const { t } = useTranslation()
  return (
    <Page title={t('matchFinder.title')} lead={t('matchFinder.lead')}>
      <ButtonLink to="/swipe-game">{t('swipeGame.title')}</ButtonLink>
    </Page>
  )
}

/** SignupMatchesPage: /signup-matches, suggestions right after signup. */
export function SignupMatchesPage() {
  const { t } = useTranslation()
  return (
    <Page title={t('signupMatches.title')} lead={t('signupMatches.lead')}>
      <ButtonLink to="/members">{t('nav.search')}</ButtonLink>
    </Page>
  )
}

/** SwipeGamePage: /swipe-game. */
export function SwipeGamePage() {
  const { t } = useTranslation()
  return (
    <Page title={t('swipeGame.title')} lead={t('swipeGame.lead', { count: SWIPE_LIKES_PER_DAY })}>
      <ButtonLink to="/likes">{t('nav.likes')}</ButtonLink>
    </Page>
  )
}
