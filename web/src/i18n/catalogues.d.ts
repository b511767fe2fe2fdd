// The catalogue modules of scripts/catalogues.ts (a Vite plugin).
declare module 'virtual:rdv-catalogues' {
  type Tree = { [key: string]: string | Tree }
  /** catalogues: per language, a loader of each part of its catalogue (its files' trees, shell first). */
  export const catalogues: Record<string, Record<'first' | 'rest', () => Promise<{ default: Tree[] }>>>
}
