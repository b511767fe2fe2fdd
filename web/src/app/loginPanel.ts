// The login form that stands in for a members-only page, in a module of its
// own: the pages that show it (the members list, a member's page) import it
// without importing the page table (pages.ts), which loads their chunks.
import { lazyPage } from './lazyPage'
import { withTexts } from './withTexts'

/** loadAccount loads the account area's chunk (the login, signup and account pages) with the pages' texts. */
export const loadAccount = withTexts(() => import('../pages/account'))

/** LoginPanel is the account area's login panel, loaded with its chunk. */
export const LoginPanel = lazyPage(loadAccount, 'LoginPanel')
