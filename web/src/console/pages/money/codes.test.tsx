import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { i18n } from 'i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ConsoleError, type ConsoleApi, type DiscountCode, type TenantPermission } from '../../api'
import { initConsoleI18n } from '../../i18n'
import { Codes, minorUnits } from './Codes'
import { settle } from '../../../test/act'
import { fakeApi } from '../../test/fakeApi'
import { showPage } from '../../test/render'

let i18nInstance: i18n
beforeAll(async () => {
  i18nInstance = await initConsoleI18n()
})
afterEach(cleanup)

const code = (over: Partial<DiscountCode> = {}): DiscountCode => ({
  id: 3,
  code: 'SPRING25',
  kind: 'code',
  value_percentage: 25,
  minimum_order_value: 3000,
  currency: 'EUR',
  country: 'NL',
  paymentmethods: ['ideal', 'paypal'],
  valid_from: '2026-11-01T00:00:00Z',
  valid_until: '2026-12-01T00:00:00Z',
  signup_window_seconds: null,
  first_purchase_only: false,
  member_id: null,
  active: true,
  created_by: 'finance@staff.example',
  created_at: '2026-11-01T00:00:00Z',
  deactivated_at: null,
  used: 4,
  held: 1,
  ...over,
})

/** codesApi is the API with an active and a deactivated code, over in place of its calls. */
const codesApi = (over: Partial<ConsoleApi> = {}): ConsoleApi =>
  fakeApi({
    codes: vi.fn(() =>
      Promise.resolve({
        codes: [code(), code({ id: 2, code: 'OLD10', value_percentage: 10, minimum_order_value: null, currency: null, country: null, paymentmethods: [], valid_until: null, active: false, used: 0, held: 0 })],
        paymentmethods: ['ideal', 'creditcard', 'paypal'],
      }),
    ),
    createCode: vi.fn(() => Promise.resolve(code({ id: 9, code: 'NEW20' }))),
    deactivateCode: vi.fn(() => Promise.resolve(code({ active: false }))),
    ...over,
  })

const show = (api: ConsoleApi, perms: TenantPermission[] | null = null) => showPage(i18nInstance, <Codes api={api} />, perms)

describe('Codes', { timeout: 20_000 }, () => {
  it('lists the brand\'s codes with their conditions and redemptions', async () => {
    const api = codesApi()
    show(api)
    const card = (await screen.findByRole('heading', { name: 'SPRING25' }, { timeout: 5000 })).closest('section') as HTMLElement
    expect(api.codes).toHaveBeenCalledWith('lustlokaal')
    const text = card.textContent ?? ''
    for (const want of ['Code, Active', '25%', '€30.00', 'NL', 'ideal, paypal', '4 used, 1 held by waiting orders']) {
      expect(text).toContain(want)
    }
    const old = screen.getByRole('heading', { name: 'OLD10' }).closest('section') as HTMLElement
    expect(old.textContent).toContain('Deactivated')
    expect(old.textContent).toContain('Any')
    // Only an active code offers to be deactivated.
    expect(within(card).getByRole('button', { name: 'Deactivate SPRING25' })).toBeTruthy()
    expect(within(old).queryByRole('button')).toBeNull()
  })

  it('creates a code with every condition, the minimum in minor units', async () => {
    const api = codesApi()
    show(api)
    await screen.findByRole('heading', { name: 'SPRING25' }, { timeout: 5000 })
    fireEvent.click(screen.getByRole('button', { name: 'New code' }))
    const form = screen.getByRole('form', { name: 'New discount code' })
    const type = (label: RegExp, value: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value } })
    type(/^Code/, 'new20')
    type(/^Discount in percent/, '20')
    type(/^Minimum order value/, '29.95')
    type(/^Currency/, 'eur')
    type(/^Only in payment country/, 'nl')
    fireEvent.click(within(form).getByLabelText('ideal'))
    fireEvent.click(within(form).getByLabelText('paypal'))
    type(/^Only for member id/, '42')
    await settle(() => fireEvent.click(within(form).getByRole('button', { name: 'Create code' })))
    expect(api.createCode).toHaveBeenCalledWith('lustlokaal', {
      code: 'new20',
      value_percentage: 20,
      minimum_order_value: 2995,
      currency: 'EUR',
      country: 'NL',
      paymentmethods: ['ideal', 'paypal'],
      valid_from: null,
      valid_until: null,
      member_id: 42,
    })
    expect((await screen.findByRole('status')).textContent).toBe('NEW20 is created.')
    await waitFor(() => expect(api.codes).toHaveBeenCalledTimes(2))
    expect(screen.queryByRole('form', { name: 'New discount code' })).toBeNull()
  })

  it('marks the field the engine refused, by its name', async () => {
    const api = codesApi({
      createCode: vi.fn(() =>
        Promise.reject(new ConsoleError(422, 'code_invalid', 'x', { field: 'currency', problem: 'a minimum order value needs its currency' })),
      ),
    })
    show(api)
    await screen.findByRole('heading', { name: 'SPRING25' }, { timeout: 5000 })
    fireEvent.click(screen.getByRole('button', { name: 'New code' }))
    const form = screen.getByRole('form', { name: 'New discount code' })
    fireEvent.change(within(form).getByLabelText(/^Code/), { target: { value: 'MIN10' } })
    fireEvent.change(within(form).getByLabelText(/^Discount in percent/), { target: { value: '10' } })
    fireEvent.change(within(form).getByLabelText(/^Minimum order value/), { target: { value: '30' } })
    await settle(() => fireEvent.click(within(form).getByRole('button', { name: 'Create code' })))
    expect(screen.getByRole('alert').textContent).toBe('Currency of the minimum (e.g. EUR): a minimum order value needs its currency')
    expect(within(form).getByLabelText(/^Currency/).getAttribute('aria-invalid')).toBe('true')
    expect(within(form).getByLabelText(/^Code/).getAttribute('aria-invalid')).toBe('false')
  })

  it('refuses an amount it cannot read without calling the engine, and words code_taken on the code', async () => {
    const api = codesApi({ createCode: vi.fn(() => Promise.reject(new ConsoleError(409, 'code_taken', 'x', { field: 'code' }))) })
    show(api)
    await screen.findByRole('heading', { name: 'SPRING25' }, { timeout: 5000 })
    fireEvent.click(screen.getByRole('button', { name: 'New code' }))
    const form = screen.getByRole('form', { name: 'New discount code' })
    fireEvent.change(within(form).getByLabelText(/^Minimum order value/), { target: { value: '30 euro' } })
    await settle(() => fireEvent.click(within(form).getByRole('button', { name: 'Create code' })))
    expect(api.createCode).not.toHaveBeenCalled()
    expect(screen.getByRole('alert').textContent).toBe('Enter an amount such as 29.95.')
    fireEvent.change(within(form).getByLabelText(/^Minimum order value/), { target: { value: '' } })
    await settle(() => fireEvent.click(within(form).getByRole('button', { name: 'Create code' })))
    expect(screen.getByRole('alert').textContent).toBe('This brand has this code already.')
    expect(within(form).getByLabelText(/^Code/).getAttribute('aria-invalid')).toBe('true')
  })

  it('deactivates a code and reloads the list', async () => {
    const api = codesApi()
    show(api)
    const button = await screen.findByRole('button', { name: 'Deactivate SPRING25' }, { timeout: 5000 })
    await settle(() => fireEvent.click(button))
    expect(api.deactivateCode).toHaveBeenCalledWith('lustlokaal', 3)
    expect((await screen.findByRole('status')).textContent).toBe('SPRING25 is deactivated: members can no longer use it.')
    await waitFor(() => expect(api.codes).toHaveBeenCalledTimes(2))
  })

  it('offers no new code and no deactivation to a role that only reads money', async () => {
    const api = codesApi()
    show(api, [
      { tenant: '*', object: 'tenants', action: 'read' },
      { tenant: '*', object: 'money', action: 'read' },
    ])
    expect(await screen.findByRole('heading', { name: 'SPRING25' }, { timeout: 5000 })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'New code' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Deactivate SPRING25' })).toBeNull()
  })

  it('reads amounts in the main unit as minor units', () => {
    expect(minorUnits('29.95')).toBe(2995)
    expect(minorUnits('30')).toBe(3000)
    expect(minorUnits('0,5')).toBe(50)
    expect(minorUnits('1.999')).toBeNaN()
    expect(minorUnits('-3')).toBeNaN()
  })
})
