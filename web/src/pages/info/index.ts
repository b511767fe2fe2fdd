export { InfoPage } from './InfoPage'
