export { ChatsPage, MemberChatPage } from './ChatsPage'
export { ChatTopBar } from './ChatTopBar'
