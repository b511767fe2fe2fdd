export { ComplaintsPage } from './ComplaintsPage'
