// react-dom makes five errors when it loads: sentinels it throws to suspend
// a render and catches itself (SuspenseException and its kin). An error
// made while DevTools are attached (Lighthouse measures through them)
// captures a detailed stack, and V8 then re-parses every function on the
// stack for its source positions: here react-dom's whole module, 60-80 ms
// of main thread in one task, a quarter of the home's total blocking time
// (held by web/e2e/first-load.test.mjs). The plugin makes them without a
// stack: still an Error (instanceof, name, message), only .stack is
// missing, which React never reads for these.
import type { Plugin } from 'vite'

/** sentinels are the errors react-dom-client.production.js makes at load. */
const sentinels = [
  'HydrationMismatchException',
  'SuspenseException',
  'SuspenseyCommitException',
  'SuspenseActionException',
  'SelectiveHydrationException',
]

const helper = 'function rdvStacklessError(message){var e=Object.create(Error.prototype);e.message=message;return e}\n'

export function stacklessErrors(): Plugin {
  return {
    name: 'rdv-stackless-errors',
    apply: 'build',
    transform(code, id) {
      if (!id.endsWith('/react-dom/cjs/react-dom-client.production.js')) return null
      let made = 0
      const out = code.replace(new RegExp(`\\b(${sentinels.join('|')}) = Error\\(`, 'g'), (_, name: string) => {
        made++
        return `${name} = rdvStacklessError(`
      })
      // A react-dom that makes them differently fails the build instead of
      // loading slowly unnoticed.
      if (made !== sentinels.length) {
        this.error(`rdv-stackless-errors: found ${made} of react-dom's ${sentinels.length} load-time errors; update scripts/stacklessErrors.ts`)
      }
      return { code: helper + out, map: null }
    },
  }
}
