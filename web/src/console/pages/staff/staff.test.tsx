import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import type { i18n } from 'i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ConsoleError, type ConsoleApi, type Grant, type Staff as StaffAccount } from '../../api'
import { initConsoleI18n } from '../../i18n'
import { showAt } from '../../test/render'
import { Staff } from './Staff'
import { settle } from '../../../test/act'
import { fakeApi, permissionsOf, staffMember } from '../../test/fakeApi'

let i18nInstance: i18n
beforeAll(async () => {
  i18nInstance = await initConsoleI18n()
})
afterEach(cleanup)

/** account is staff member id with email, a moderator of LustLokaal. */
const account = (id: number, email: string, over: Partial<StaffAccount> = {}): StaffAccount =>
  staffMember({ id, email, roles: [{ role: 'moderator', tenant: 'lustlokaal' }], ...over })

/** staffApi is the API with the superadmin and a moderator of LustLokaal, over in place of its calls. */
const staffApi = (over: Partial<ConsoleApi> = {}): ConsoleApi =>
  fakeApi({
    staff: vi.fn(() =>
      Promise.resolve({ staff: [staffMember(), account(2, 'mod@staff.example')] }),
    ),
    createStaff: vi.fn((email: string, roles: Grant[]) => Promise.resolve({ staff: account(3, email, { roles, totp_enabled: false }), password: 'one-time-pass' })),
    setStaffRoles: vi.fn((id: number, roles: Grant[]) => Promise.resolve({ staff: account(id, 'mod@staff.example', { roles }) })),
    disableStaff: vi.fn((id: number) => Promise.resolve({ staff: account(id, 'mod@staff.example', { disabled_at: '2026-11-24T01:00:00Z' }) })),
    enableStaff: vi.fn((id: number) => Promise.resolve({ staff: account(id, 'mod@staff.example', { disabled_at: null }) })),
    ...over,
  })

const show = (api: ConsoleApi, role: Grant['role'] = 'superadmin') => showAt(i18nInstance, permissionsOf(role), '/staff', '/staff', <Staff api={api} />)
const card = async (email: string) => screen.findByRole('region', { name: email })

describe('staff page', { timeout: 20_000 }, () => {
  it('lists staff with their roles per brand', async () => {
    show(staffApi())
    const mod = await card('mod@staff.example')
    expect(within(within(mod).getByRole('list', { name: 'Roles of mod@staff.example' })).getByRole('listitem').textContent).toBe('Moderator on LustLokaal')
    expect(within(await card('boss@staff.example')).getByText('Superadmin on Every brand (*)')).toBeTruthy()
  })

  it('creates a staff member with several roles and shows the one-time password', async () => {
    const api = staffApi()
    show(api)
    await card('mod@staff.example')
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'new@staff.example' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add a role' }))
    fireEvent.change(screen.getByLabelText('Role 2'), { target: { value: 'finance' } })
    fireEvent.change(screen.getByLabelText('Brand of role 2'), { target: { value: 'lustlokaal' } })
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Create' })))
    expect(api.createStaff).toHaveBeenCalledWith('new@staff.example', [
      { role: 'moderator', tenant: '*' },
      { role: 'finance', tenant: 'lustlokaal' },
    ])
    expect(await screen.findByText('one-time-pass')).toBeTruthy()
    expect(await card('new@staff.example')).toBeTruthy()
  })

  it('changes roles and words the engine\'s refusal of one\'s own superadmin role', async () => {
    const setStaffRoles = vi
      .fn<ConsoleApi['setStaffRoles']>()
      .mockRejectedValueOnce(new ConsoleError(409, 'own_superadmin_role', 'no'))
      .mockImplementation((id, roles) => Promise.resolve({ staff: account(id, 'mod@staff.example', { roles }) }))
    show(staffApi({ setStaffRoles }))
    const mod = await card('mod@staff.example')
    fireEvent.click(within(mod).getByRole('button', { name: 'Change roles' }))
    fireEvent.change(within(mod).getByLabelText('Role 1'), { target: { value: 'support' } })
    await settle(() => fireEvent.click(within(mod).getByRole('button', { name: 'Save roles' })))
    expect((await within(mod).findByRole('alert')).textContent).toBe('You cannot take your own superadmin role on every brand.')
    await settle(() => fireEvent.click(within(mod).getByRole('button', { name: 'Save roles' })))
    expect(setStaffRoles).toHaveBeenLastCalledWith(2, [{ role: 'support', tenant: 'lustlokaal' }])
    expect(await within(mod).findByText('Support on LustLokaal')).toBeTruthy()
  })

  it('changes an affiliate\'s network, refs and share, and words an unknown network', async () => {
    const scope = { network: 'adnet', refs: ['a1'], revenue_share: 2500 }
    const aff = account(4, 'aff@partner.example', { roles: [{ role: 'affiliate', tenant: 'lustlokaal' }], affiliate: scope })
    const setAffiliateScope = vi
      .fn<ConsoleApi['setAffiliateScope']>()
      .mockRejectedValueOnce(new ConsoleError(422, 'affiliate_network_unknown', 'no', { network: 'clikco' }))
      .mockImplementation((_id, s) => Promise.resolve({ staff: { ...aff, affiliate: s } }))
    show(staffApi({ staff: vi.fn(() => Promise.resolve({ staff: [staffMember(), account(2, 'mod@staff.example'), aff] })), setAffiliateScope }))
    const card4 = await card('aff@partner.example')
    expect(within(await card('mod@staff.example')).queryByRole('button', { name: 'Change network and refs' })).toBeNull()
    fireEvent.click(within(card4).getByRole('button', { name: 'Change network and refs' }))
    const form = within(card4).getByRole('form', { name: 'Network and refs of aff@partner.example' })
    expect(within(form).getByLabelText<HTMLInputElement>("Network (the links' network=)").value).toBe('adnet')
    expect(within(form).getByLabelText<HTMLInputElement>('Revenue share in %').value).toBe('25')
    fireEvent.change(within(form).getByLabelText("Network (the links' network=)"), { target: { value: 'clikco' } })
    fireEvent.change(within(form).getByLabelText('Refs, separated by commas (empty: every ref)'), { target: { value: 'a1, b2' } })
    fireEvent.change(within(form).getByLabelText('Revenue share in %'), { target: { value: '30' } })
    await settle(() => fireEvent.click(within(form).getByRole('button', { name: 'Save network and refs' })))
    expect(setAffiliateScope).toHaveBeenLastCalledWith(4, { network: 'clikco', refs: ['a1', 'b2'], revenue_share: 3000 })
    expect((await within(card4).findByRole('alert')).textContent).toBe(
      "No brand of this affiliate knows the network clikco. Name it in a brand's postbacks or send traffic through it first.",
    )
    fireEvent.change(within(form).getByLabelText("Network (the links' network=)"), { target: { value: 'clickco' } })
    await settle(() => fireEvent.click(within(form).getByRole('button', { name: 'Save network and refs' })))
    expect(await within(card4).findByText('Affiliate of clickco, refs a1, b2, revenue share 30 %')).toBeTruthy()
    expect(within(card4).queryByRole('form')).toBeNull()
  })

  it('disables a staff member after a confirm', async () => {
    const api = staffApi()
    show(api)
    const mod = await card('mod@staff.example')
    fireEvent.click(within(mod).getByRole('button', { name: 'Disable' }))
    expect(api.disableStaff).not.toHaveBeenCalled()
    await settle(() => fireEvent.click(within(mod).getByRole('button', { name: 'Yes, disable' })))
    expect(api.disableStaff).toHaveBeenCalledWith(2)
    expect(await within(mod).findByText('Disabled since 2026-11-24.')).toBeTruthy()
    expect(within(mod).queryByRole('button', { name: 'Change roles' })).toBeNull()

    // A disabled account can be enabled again.
    await settle(() => fireEvent.click(within(mod).getByRole('button', { name: 'Enable' })))
    expect(api.enableStaff).toHaveBeenCalledWith(2)
    expect(await within(mod).findByText('Account enabled: it can log in again.')).toBeTruthy()
    expect(within(mod).getByRole('button', { name: 'Change roles' })).toBeTruthy()
    expect(within(mod).queryByRole('button', { name: 'Enable' })).toBeNull()
  })

  it('offers no changes without staff:write', async () => {
    // No role but superadmin has staff:read; a read-only grant stands for one.
    showAt(i18nInstance, [{ tenant: '*', object: 'staff', action: 'read' }], '/staff', '/staff', <Staff api={staffApi()} />)
    await card('mod@staff.example')
    expect(screen.queryByRole('button', { name: 'Change roles' })).toBeNull()
    expect(screen.queryByRole('heading', { name: 'New staff member' })).toBeNull()
  })
})
