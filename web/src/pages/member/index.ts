export { MemberPage } from './MemberPage'
