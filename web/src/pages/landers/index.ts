export { LanderPage } from './LanderPage'
