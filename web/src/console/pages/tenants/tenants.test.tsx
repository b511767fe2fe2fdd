import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { i18n } from 'i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ConsoleError, type ConsoleApi, type TenantFile, type TenantFileAnswer } from '../../api'
import { initConsoleI18n } from '../../i18n'
import { fakeApi } from '../../test/fakeApi'
import { showAt } from '../../test/render'
import { fieldId } from './draft'
import { TenantEdit } from './TenantEdit'

let i18nInstance: i18n
beforeAll(async () => {
  i18nInstance = await initConsoleI18n()
})
afterEach(cleanup)

const rose = {
  primary: '#c2255c', onPrimary: '#ffffff', secondary: '#7048e8', onSecondary: '#ffffff', background: '#fff0f6', surface: '#ffffff',
  text: '#2d0a1b', textMuted: '#7a4a60', border: '#f5c2d7', link: '#a61e4d', warning: '#e67700', onWarning: '#2d0a1b', danger: '#c92a2a',
  onDanger: '#ffffff', success: '#2b7a3b', onSuccess: '#ffffff', info: '#1971c2', onInfo: '#ffffff', control: '#a8668a',
}

const brandFile = (): TenantFile => ({
  slug: 'lustlokaal', name: 'LustLokaal', position: 1, hosts: ['lustlokaal.localhost'], theme: 'rose', niche: 1,
  locales: ['nl', 'en'], default_locale: 'nl', countries: ['NL', 'BE'], time_zone: 'Europe/Amsterdam', profile_pool: 'benelux',
  company: { slug: 'lokaal-media', name: 'Lokaal Media B.V.' },
  settings: { index_title: 'LustLokaal', min_age: 18, signups: 'all', enable_site_entry_popup: 'yes', photo_moderation: true, minimum_message_costs: { NL: { costs: 1.5, currency: 'EUR' } } },
  billing: {
    provider: 'sandbox',
    packages: [
      { id: 'starter', credits: 100, prices: { EUR: 1995 } },
      { id: 'popular', credits: 250, prices: { EUR: 3995 }, badge: 'popular' },
    ],
    countries: { NL: { currency: 'EUR', methods: ['ideal', 'creditcard'] } },
  },
  gifts: [{ id: 'rose', name: 'Rose', icon: 'rose', credits: 30 }],
  free_messages: 3,
})

const answer = (file: TenantFile): TenantFileAnswer => ({
  file,
  preview_url: 'http://lustlokaal.localhost/',
  choices: {
    locales: ['da', 'de', 'en', 'nl'],
    countries: [{ value: 'BE', name: 'Belgium' }, { value: 'DE', name: 'Germany' }, { value: 'NL', name: 'Netherlands' }],
    payment_methods: [{ value: 'ideal', name: 'iDEAL' }, { value: 'creditcard', name: 'Credit card' }, { value: 'paypal', name: 'PayPal' }],
    themes: { rose },
  },
})

/** input is the input of a field of the file. */
const input = (field: string) => document.getElementById(fieldId(field)) as HTMLInputElement
const edit = (field: string, value: string) => fireEvent.change(input(field), { target: { value } })

const show = (api: ConsoleApi) => showAt(i18nInstance, [], '/tenants/:slug', '/tenants/lustlokaal', <TenantEdit api={api} />)

const editApi = (over: Partial<ConsoleApi> = {}) =>
  fakeApi({
    tenantFile: vi.fn(() => Promise.resolve(answer(brandFile()))),
    updateTenant: vi.fn((_slug: string, f: TenantFile) => Promise.resolve(answer(f))),
    ...over,
  })

describe('TenantEdit', { timeout: 20_000 }, () => {
  it('edits the packages table, the gifts list and the choices, and sends them in the file', async () => {
    const api = editApi()
    show(api)
    await waitFor(() => expect(input('billing.packages[1].credits')).toBeTruthy(), { timeout: 5000 })
    // Each input has its label (the accessible name the browser spec finds it by).
    expect(input('billing.packages[1].credits').getAttribute('aria-label')).toBe('Credits of package 2')
    edit('billing.packages[1].credits', '300')
    edit('billing.packages[0].prices.EUR', '1495')
    fireEvent.click(screen.getByText('Add a package'))
    edit('billing.packages[2].id', 'huge')
    edit('billing.packages[2].credits', '1000')
    edit('billing.packages[2].prices.EUR', '9995')
    fireEvent.click(screen.getByText('Remove gift 1'))
    fireEvent.click(screen.getByText('Add a gift'))
    edit('gifts[0].id', 'kiss')
    edit('gifts[0].name', 'Kiss')
    edit('gifts[0].icon', 'heart')
    fireEvent.click(screen.getByLabelText(/\(de\)$/))
    fireEvent.click(input('settings.logged_out_search'))
    edit('settings.min_age', '21')
    // A list is typed as text: the comma before the next item stays.
    edit('hosts', 'lustlokaal.localhost,')
    expect(input('hosts').value).toBe('lustlokaal.localhost,')
    edit('hosts', 'lustlokaal.localhost, ll.localhost')
    fireEvent.click(screen.getByText('Save'))
    await waitFor(() => expect(api.updateTenant).toHaveBeenCalledTimes(1))
    const sent = vi.mocked(api.updateTenant).mock.calls[0][1]
    expect(sent.billing).toMatchObject({
      packages: [
        { id: 'starter', credits: 100, prices: { EUR: 1495 } },
        { id: 'popular', credits: 300, prices: { EUR: 3995 }, badge: 'popular' },
        { id: 'huge', credits: 1000, prices: { EUR: 9995 } },
      ],
    })
    expect(sent.gifts).toEqual([{ id: 'kiss', name: 'Kiss', icon: 'heart' }])
    expect(sent.locales).toEqual(['nl', 'en', 'de'])
    expect(sent.hosts).toEqual(['lustlokaal.localhost', 'll.localhost'])
    expect(sent.settings).toMatchObject({ min_age: 21, logged_out_search: true, minimum_message_costs: { NL: { costs: 1.5, currency: 'EUR' } } })
    // The sections without a form go back as they came.
    expect(sent.free_messages).toBe(3)
    expect((await screen.findByText('Saved. Every server shows the change now.')).getAttribute('role')).toBe('status')
  })

  it('shows the live contrast of a picked colour and refuses a failing one before sending', async () => {
    const api = editApi()
    show(api)
    const primary = await screen.findByLabelText<HTMLInputElement>('primary', undefined, { timeout: 5000 })
    const row = () => document.querySelector('[data-pair="onPrimary/primary/text"]') as HTMLElement
    expect(row().textContent).toContain('5.') // white on #c2255c: 5.6:1
    fireEvent.change(primary, { target: { value: '#ffff00' } })
    expect(row().textContent).toContain('1.07:1, too low (needs 4.5:1)')
    fireEvent.click(screen.getByText('Save'))
    const error = await screen.findByText('onPrimary on primary is 1.07:1, under WCAG AA 4.5:1.')
    expect(primary.getAttribute('aria-invalid')).toBe('true')
    expect(primary.getAttribute('aria-describedby')).toBe(error.id)
    expect(api.updateTenant).not.toHaveBeenCalled()
    // Back to the theme's colour: it passes again and is no longer the brand's own.
    fireEvent.click(screen.getByLabelText("Use the theme's primary"))
    expect(row().textContent).not.toContain('too low')
  })

  it('shows each field error of the engine next to its field and in the summary', async () => {
    const refusal = new ConsoleError(422, 'tenant_invalid', 'The field billing.packages[1].credits is not valid', {
      field: 'billing.packages[1].credits',
      problems: [
        { field: 'billing.packages[1].credits', code: 'range', message: 'billing.packages[1].credits must be more than 0' },
        { field: 'gifts[0].icon', code: 'invalid', message: 'gifts[0].icon must be an icon name' },
        { field: 'look.colors.link', code: 'contrast', message: 'link (#ffeeee) on background (#fff0f6) is 1.01:1, under WCAG AA 4.5:1 (links)' },
      ],
    })
    const api = editApi({ updateTenant: vi.fn(() => Promise.reject(refusal)) })
    show(api)
    const credits = await screen.findByLabelText<HTMLInputElement>('Credits of package 2', undefined, { timeout: 5000 })
    fireEvent.click(screen.getByText('Save'))
    const alert = await waitFor(() => {
      const shown = document.querySelector<HTMLElement>('[role=alert]')
      if (!shown) throw new Error('no alert yet')
      return shown
    })
    expect(alert.textContent).toContain('first: billing.packages[1].credits')
    expect(within(alert).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '#brand-billing-packages-1-credits',
      '#brand-gifts-0-icon',
      '#brand-look-colors-link',
    ])
    for (const [input, message] of [
      [credits, 'billing.packages[1].credits must be more than 0'],
      [screen.getByLabelText('Icon of gift 1'), 'gifts[0].icon must be an icon name'],
      [screen.getByLabelText('link'), 'link (#ffeeee) on background (#fff0f6) is 1.01:1, under WCAG AA 4.5:1 (links)'],
    ] as const) {
      expect(input.getAttribute('aria-invalid'), message).toBe('true')
      expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(message)
    }
    await waitFor(() => expect(document.activeElement).toBe(credits))
  })

  it('checks the fields it can before sending: a package without credits, a gift without a name, no language', async () => {
    const api = editApi()
    show(api)
    const credits = await screen.findByLabelText<HTMLInputElement>('Credits of package 1', undefined, { timeout: 5000 })
    fireEvent.change(credits, { target: { value: '' } })
    fireEvent.change(screen.getByLabelText('Name of gift 1'), { target: { value: ' ' } })
    for (const box of screen.getAllByRole<HTMLInputElement>('checkbox').filter((b) => /\((nl|en)\)$/.test(b.closest('label')?.textContent ?? ''))) fireEvent.click(box)
    fireEvent.click(screen.getByText('Save'))
    await waitFor(() => expect(document.querySelector('[role=alert]')).toBeTruthy())
    expect(document.getElementById(credits.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Must be more than 0.')
    expect(screen.getByLabelText('Name of gift 1').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Choose at least one language.')).toBeTruthy()
    expect(api.updateTenant).not.toHaveBeenCalled()
  })
})
