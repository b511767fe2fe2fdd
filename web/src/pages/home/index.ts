export { HomePage, preloadLayout } from './HomePage'
