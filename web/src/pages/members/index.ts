export { MembersPage, MemberPage, MemberChatPage } from './MembersPages'
