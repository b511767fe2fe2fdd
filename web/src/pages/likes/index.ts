export { LikesPage, LikeProfilePage, MatchesListPage } from './LikesPage'
