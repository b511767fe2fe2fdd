export { MatchFinderPage, SignupMatchesPage, SwipeGamePage } from './MatchesPages'
