// ESLint for the member app and the console: typescript-eslint's recommended
// type-aware rules (they read the TypeScript project, tsconfig.json) and the
// React hooks rules. `npm run lint` (make test-web) runs it.
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'public', 'src/api/schema.d.ts', 'src/console/schema.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  // Plain JavaScript (the browser tests, the build scripts, this file) and
  // the libraries' floor app of make bench (bench/, its own theme type) are
  // outside the TypeScript project: no type information to check them with.
  { files: ['**/*.{js,mjs,cjs}', 'bench/**'], ...tseslint.configs.disableTypeChecked },
)
