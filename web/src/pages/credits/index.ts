export { CreditsPage, RepeatOrderPage, DirectDebitPage, PremiumPage, PricingPage } from './CreditsPages'
export { PaymentMethodPage } from './PaymentPage'
export { TransactionsPage } from './TransactionsPage'
