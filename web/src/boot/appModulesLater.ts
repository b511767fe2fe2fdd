// Imported first by main.tsx: the app's own modules, bundled after this
// one, run in a task of their own after the libraries' (the browser runs a
// page's modules in one task otherwise, 50-120 ms on the phone Lighthouse
// emulates, which counts as total blocking time).
import { nextTask } from './nextTask'

await nextTask()
