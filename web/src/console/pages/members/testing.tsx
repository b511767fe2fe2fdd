// Test helpers of the members, audit and staff pages: a role's permissions
// as the engine answers them (from config/console_policy.csv), and a page
// rendered at an address with them.
import { render } from '@testing-library/react'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { i18n } from 'i18next'
import type { ReactElement } from 'react'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter, Route, Routes } from 'react-router'
import type { Grant, TenantPermission } from '../../api'
import { PermissionsContext } from '../../permissions'

const policy: Record<string, string[]> = {}
for (const line of readFileSync(join(__dirname, '../../../../../config/console_policy.csv'), 'utf8').split('\n')) {
  const [p, role, , object, action] = line.split(',').map((x) => x.trim())
  if (p === 'p' && role && object && action) (policy[role] ??= []).push(`${object}:${action}`)
}

/** permissionsOf is what the engine answers on /me for role given on tenant. */
export function permissionsOf(role: Grant['role'], tenant = '*'): TenantPermission[] {
  return (policy[role] ?? []).map((p) => {
    const [object, action] = p.split(':') as [string, TenantPermission['action']]
    return { tenant, object, action }
  })
}

/** showAt renders page on route at address with perms. */
export function showAt(i18nInstance: i18n, perms: TenantPermission[], route: string, address: string, page: ReactElement) {
  return render(
    <I18nextProvider i18n={i18nInstance}>
      <PermissionsContext.Provider value={perms}>
        <MemoryRouter initialEntries={[address]}>
          <Routes>
            <Route path={route} element={page} />
            <Route path="*" element={<p data-testid="elsewhere" />} />
          </Routes>
        </MemoryRouter>
      </PermissionsContext.Provider>
    </I18nextProvider>,
  )
}
