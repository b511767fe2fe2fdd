/// <reference types="vitest/config" />
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { firstPaint } from './scripts/firstPaintTexts.ts'
import { preloadList } from './scripts/preloadList.ts'
import { catalogues } from './scripts/catalogues.ts'
import { stacklessErrors } from './scripts/stacklessErrors.ts'

// The engine serves dist/: index.html (with its boot placeholders), hashed
// files under /assets/ and the files of public/ at the root.
const engine = process.env.RDV_ENGINE ?? 'http://127.0.0.1:8080'

// The member app's modules the console imports too (one money formatter,
// one errorText): outside the member app's shell chunk, or the console would
// load (and run) the whole shell for them. The console's entry loads the
// others at once too, so the shell group would take them in although the
// member app's entry does not import them (the colour pairs and the data
// layer, 1 kB of gzip the home loaded for nothing): scripts/preloadList.ts
// fails the build when the shell holds a module main.tsx does not import.
// The HTTP client comes with the data layer, and the member app's shell
// fetches it at its first call (api/laterClient.ts).
const consoleShares = ['/src/i18n/money.ts', '/src/i18n/errorText.ts', '/src/theme/contrast.ts', '/src/api/useLoad.ts', '/src/api/http.ts']

export default defineConfig({
  plugins: [
    react(),
    stacklessErrors(),
    catalogues(fileURLToPath(new URL('./src', import.meta.url))),
    preloadList(),
    firstPaint(fileURLToPath(new URL('./src', import.meta.url))),
  ],
  build: {
    // Two entries: the member app (index.html) and the operators' console
    // (admin.html, served only on console hosts). Members never load the
    // console's chunks (web/e2e/console.test.mjs walks the member graph).
    rolldownOptions: {
      input: { main: 'index.html', admin: 'admin.html' },
      output: {
        codeSplitting: {
          groups: [
            // The libraries every page runs before its first render in one
            // chunk, as the libraries' floor has them (bench/floor.html), with
            // Vite's preload helper and polyfill: one file compresses better
            // than the four the entries' overlap made of them (about 1.2 kB
            // of gzip less), and they change with package-lock.json only.
            {
              name: 'libraries',
              test: /\/node_modules\/(react|react-dom|scheduler|react-router|i18next|react-i18next|styled-components|stylis|use-sync-external-store)\/|^\0vite\/(modulepreload-polyfill|preload-helper)\.js$/,
              tags: ['$initial'],
            },
            // The member app's own modules that its entry loads at once go
            // into one chunk, not one small chunk each for what a lazy page
            // shares with the entry: a file compresses better whole (about
            // 6 kB of gzip less for the home), with the catalogue
            // table. The entry module
            // stays in the entry chunk (the engine's code loader starts
            // index.html's one module script), the console's are its own.
            {
              name: 'shell',
              test: (id) =>
                (id.includes('/src/') || id.includes('virtual:rdv-catalogues')) &&
                !id.includes('/node_modules/') &&
                !id.includes('/src/console/') &&
                !consoleShares.some((f) => id.endsWith(f)) &&
                !id.endsWith('/src/main.tsx'),
              tags: ['$initial'],
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    // `npm run dev` talks to a running engine for the API and themes.
    proxy: {
      '/api': { target: engine, changeOrigin: false },
      '/themes': { target: engine, changeOrigin: false },
      '/manifest.webmanifest': { target: engine, changeOrigin: false },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
})
