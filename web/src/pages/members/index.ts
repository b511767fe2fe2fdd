export { MembersPage } from './MembersPages'
export { preloadFields as preloadFirstRender } from './SearchForm'
