export { MembersPage } from './MembersPages'
