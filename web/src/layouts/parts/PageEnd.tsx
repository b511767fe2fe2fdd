// The page's end, below the page: a chunk of its own (later.tsx).
export { Disclaimer } from './Disclaimer'
export { Footer } from './Footer'
