// The account pages: login, signup, password reset, activation, e-mail
// change, deletion, language and the settings.
export { LoginPage, LoginPanel } from './login/LoginPage'
export { SignupPage, CompleteSignupPage } from './signup/SignupPage'
export { ResetPasswordPage, ResetPasswordDoPage } from './reset-password/ResetPasswordPages'
export { ActivateDonePage, ActivateErrorPage } from './activate/ActivatePages'
export { MailChangeDoPage } from './mail-change/MailChangeDoPage'
export { AccountDeletedPage } from './deleted/AccountDeletedPage'
export { LangConfigPage } from './lang-config/LangConfigPage'
export { NotificationsPage } from './settings/SettingsPage'
