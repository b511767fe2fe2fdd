import { needPageTexts } from '../i18n/i18n'

/** withTexts loads a chunk together with the pages' texts (the catalogue's rest). */
export const withTexts =
  <M>(load: () => Promise<M>) =>
  (): Promise<M> =>
    Promise.all([load(), needPageTexts()]).then(([m]) => m)
