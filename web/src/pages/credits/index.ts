export {
  CreditsPage,
  PaymentMethodPage,
  RepeatOrderPage,
  DirectDebitPage,
  TransactionsPage,
  PremiumPage,
  PricingPage,
} from './CreditsPages'
