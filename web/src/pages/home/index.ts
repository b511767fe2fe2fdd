export { HomePage, preloadFirstRender } from './HomePage'
