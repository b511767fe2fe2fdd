export { MemberLandingPage } from './MemberLandingPage'
