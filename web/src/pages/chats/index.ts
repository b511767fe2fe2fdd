export { ChatsPage } from './ChatsPage'
export { ChatTopBar } from './ChatTopBar'
