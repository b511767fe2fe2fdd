export { LikesPage, LikeProfilePage } from './LikesPage'
