// The console pages' tests render a page through these: showPage on its own,
// showAt at an address of the router; both as the staff member with the
// given permissions sees it.
import { render } from '@testing-library/react'
import type { i18n } from 'i18next'
import type { ReactElement } from 'react'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter, Route, Routes } from 'react-router'
import type { TenantPermission } from '../api'
import { PermissionsContext } from '../permissions'

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

/** showPage renders page on its own with perms (null, the default, is no permission list: every action shows). */
export function showPage(i18nInstance: i18n, page: ReactElement, perms: readonly TenantPermission[] | null = null) {
  return render(
    <I18nextProvider i18n={i18nInstance}>
      <PermissionsContext.Provider value={perms}>{page}</PermissionsContext.Provider>
    </I18nextProvider>,
  )
}
