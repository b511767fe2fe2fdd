import { describe, expect, it } from 'vitest'
import { strayShellModules } from '../../scripts/preloadList'

const chunk = (fileName: string, modules: string[], facadeModuleId: string | null = null) => ({
  type: 'chunk' as const,
  fileName,
  facadeModuleId,
  isEntry: facadeModuleId !== null,
  imports: [],
  modules: Object.fromEntries(modules.map((m) => [m, {}])),
})

describe('the shell chunk', () => {
  const imports: Record<string, string[]> = {
    '/web/index.html': ['/web/src/main.tsx'],
    '/web/src/main.tsx': ['/web/src/app/App.tsx'],
    '/web/src/app/App.tsx': ['/web/src/theme/theme.ts'],
  }
  const main = chunk('assets/main-a.js', ['/web/src/main.tsx'], '/web/index.html')

  it('holds only modules the member entry imports', () => {
    const shell = chunk('assets/shell-b.js', ['/web/src/app/App.tsx', '/web/src/theme/theme.ts'])
    expect(strayShellModules([main, shell], main, (id) => imports[id] ?? [])).toEqual([])
  })

  it('names a module only the console brought in', () => {
    const shell = chunk('assets/shell-b.js', ['/web/src/app/App.tsx', '/web/src/theme/contrast.ts'])
    expect(strayShellModules([main, shell], main, (id) => imports[id] ?? [])).toEqual(['/web/src/theme/contrast.ts'])
  })
})
