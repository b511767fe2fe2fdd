export { CreditsPage, RepeatOrderPage, PremiumPage, PricingPage } from './CreditsPages'
export { DirectDebitPage } from './DirectDebitPage'
export { PaymentMethodPage } from './PaymentPage'
export { TransactionsPage } from './TransactionsPage'
