import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { i18n } from 'i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ConsoleError, type ConsoleApi } from '../../api'
import { initConsoleI18n } from '../../i18n'
import { Orders } from './Orders'
import { settle } from '../../../test/act'
import { fakeApi, order } from '../../test/fakeApi'
import { showPage } from '../../test/render'

let i18nInstance: i18n
beforeAll(async () => {
  i18nInstance = await initConsoleI18n()
})
afterEach(cleanup)

/** ordersApi is the API with a completed order and a discounted pending one, over in place of its calls. */
const ordersApi = (over: Partial<ConsoleApi> = {}): ConsoleApi =>
  fakeApi({
    orders: vi.fn(() =>
      Promise.resolve({ orders: [order(), order({ id: 8, status: 'pending', amount: 2996, list_amount: 3995, discount_code: 'SPRING25', discount_percentage: 25 })] }),
    ),
    refund: vi.fn(() => Promise.resolve({ order_id: 7, provider_refund_id: 're_1', amount: {}, credits_taken: 60, credits_spent: 40 })),
    ...over,
  })

const show = (api: ConsoleApi) => showPage(i18nInstance, <Orders api={api} />)

describe('Orders', { timeout: 20_000 }, () => {
  it('lists the first brand\'s orders and filters them by state', async () => {
    const api = ordersApi()
    show(api)
    expect(await screen.findByRole('heading', { name: 'Order 7' })).toBeTruthy()
    expect(api.orders).toHaveBeenLastCalledWith('lustlokaal', undefined)
    // Only a completed order offers a refund.
    expect(screen.getByRole('button', { name: 'Refund order 7' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Refund order 8' })).toBeNull()
    // An order made with a discount code shows the code and the price before it.
    expect(screen.getAllByTestId('order-discount').map((d) => d.textContent?.replace(/\s/g, ' '))).toEqual(['SPRING25 (25%), price before €39.95'])
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'refunded' } })
    await waitFor(() => expect(api.orders).toHaveBeenLastCalledWith('lustlokaal', 'refunded'))
  })

  it('shows a chargeback: what the bank took back, the credits taken back and those open', async () => {
    const chargeback = {
      provider_chargeback_id: 'chb_n9z0tp', reason: 'MD06 Disputed authorized transaction', amount: 1995, currency: 'EUR',
      credits_taken: 47, credits_open: 53, created_at: '2026-11-25T09:30:00Z',
    }
    const api = ordersApi({ orders: vi.fn(() => Promise.resolve({ orders: [order({ id: 9, status: 'refunded', chargeback }), order()] })) })
    show(api)
    expect(await screen.findByRole('heading', { name: 'Order 9' })).toBeTruthy()
    const shown = screen.getAllByTestId('order-chargeback')
    expect(shown).toHaveLength(1)
    const text = shown[0].textContent?.replace(/\s/g, ' ') ?? ''
    expect(text).toContain('€19.95 taken back by the bank on ')
    expect(text).toContain(': 47 credits taken back, 53 already spent (open); blocked from direct debit. Reason: MD06 Disputed authorized transaction')
    // A charged-back order is refunded: no refund is offered.
    expect(screen.queryByRole('button', { name: 'Refund order 9' })).toBeNull()
  })

  it('refunds with the reason given and says what was taken back', async () => {
    const api = ordersApi()
    show(api)
    fireEvent.click(await screen.findByRole('button', { name: 'Refund order 7' }))
    fireEvent.change(screen.getByLabelText('Reason for the refund'), { target: { value: 'charged twice' } })
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Refund in full' })))
    expect(api.refund).toHaveBeenCalledWith('lustlokaal', 7, 'charged twice')
    expect((await screen.findByRole('status')).textContent).toBe('Order 7 refunded: 60 credits taken back, 40 already spent.')
    await waitFor(() => expect(api.orders).toHaveBeenCalledTimes(2))
  })

  it.each([
    [new ConsoleError(409, 'refund_window_over', ''), 'The refund period of this order is over.'],
    [new ConsoleError(409, 'refund_refused', 'insufficient balance'), 'The payment provider refused the refund: insufficient balance'],
    [new ConsoleError(403, 'console_forbidden', ''), 'Your role does not allow this.'],
  ])('shows the server\'s refusal %#', async (err, text) => {
    const api = ordersApi({ refund: vi.fn(() => Promise.reject(err)) })
    show(api)
    fireEvent.click(await screen.findByRole('button', { name: 'Refund order 7' }))
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Refund in full' })))
    const form = screen.getByRole('form', { name: 'Refund order 7' })
    expect((await within(form).findByRole('alert')).textContent).toBe(text)
    expect(api.orders).toHaveBeenCalledTimes(1)
  })
})
