export { ProfilePage, NotificationsPage } from './ProfilePages'
