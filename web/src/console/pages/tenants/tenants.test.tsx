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
  settings: {
    index_title: 'LustLokaal', min_age: 18, signups: 'all', enable_site_entry_popup: 'yes', photo_moderation: true, minimum_message_costs: { NL: { costs: 1.5, currency: 'EUR' } },
    fictional_warning: 'Sommige profielen zijn fictief.', fictional_singular: 'Fictief profiel', fictional_plural: 'Fictieve profielen', eu_rules: true,
  },
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
  retention: { address_days: 90 },
})

const answer = (file: TenantFile): TenantFileAnswer => ({
  file,
  preview_url: 'http://lustlokaal.localhost/',
  choices: {
    locales: ['da', 'de', 'en', 'nl'],
    countries: [{ value: 'BE', name: 'Belgium' }, { value: 'DE', name: 'Germany' }, { value: 'NL', name: 'Netherlands' }],
    payment_methods: [{ value: 'ideal', name: 'iDEAL' }, { value: 'creditcard', name: 'Credit card' }, { value: 'paypal', name: 'PayPal' }],
    themes: { rose },
    bounds: {
      free_messages: { min: 0, max: 1000, step: 1, default: 5 },
      'settings.minimum_message_costs.costs': { min: 0.01, max: 100, step: 0.01 },
      'trust.threshold': { min: 1, max: 10000, step: 1, default: 100 },
      'trust.repeat_members': { min: 2, max: 1000, step: 1, default: 10 },
      'trust.repeat_minutes': { min: 1, max: 1440, step: 1, default: 2 },
      'trust.weights.link': { min: 0, max: 10000, step: 1, default: 10 },
      'trust.weights.phone': { min: 0, max: 10000, step: 1, default: 25 },
    },
    trust_signals: ['link', 'phone'],
    postback_events: ['signup', 'activation', 'first_purchase'],
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

describe('TenantEdit sections as forms', { timeout: 30_000 }, () => {
  it('edits message prices, fictional texts, postbacks and trust in their forms and sends them in the file', async () => {
    const api = editApi()
    show(api)
    await waitFor(() => expect(input('free_messages')).toBeTruthy(), { timeout: 5000 })
    const free = input('free_messages')
    // Each number input is labelled and offers what the engine's check accepts, its default shown.
    expect(free.labels?.[0].textContent).toBe('Free messages per member')
    expect([free.min, free.max, free.step, free.placeholder, free.value]).toEqual(['0', '1000', '1', '5', '3'])
    expect(input('trust.threshold').placeholder).toBe('100')
    edit('free_messages', '10')
    // A minimum price row for Belgium, its currency taken from payment; only the brand's countries are offered.
    fireEvent.click(screen.getByText("Add a country's minimum price"))
    const country = input('settings.minimum_message_costs.BE') as unknown as HTMLSelectElement
    expect(country.getAttribute('aria-label')).toBe('Country of minimum price 2')
    expect([...country.options].map((o) => o.value)).toEqual(['BE'])
    const amount = input('settings.minimum_message_costs.BE.costs')
    expect(amount.getAttribute('aria-label')).toBe('Minimum price of a message in Belgium')
    expect([amount.min, amount.max, amount.step]).toEqual(['0.01', '100', '0.01'])
    edit('settings.minimum_message_costs.BE.costs', '1.79')
    edit('settings.minimum_message_costs.BE.currency', 'eur')
    edit('settings.minimum_message_costs.NL.costs', '1.49')
    // English's markers; the default language's are the single settings.
    expect(input('settings.fictional_texts.en.singular').labels?.[0].textContent).toBe('Tag on one profile in English (en)')
    edit('settings.fictional_texts.en.singular', 'Fictional profile')
    edit('settings.fictional_texts.en.warning', 'Some are fictional.')
    edit('settings.fictional_texts.en.plural', 'Fictional profiles')
    edit('settings.fictional_singular', 'Nep-profiel')
    // A network and its signup URL.
    edit('postbacks', 'adnet')
    fireEvent.click(screen.getByText('Add the network'))
    const signup = input('postbacks.adnet.signup')
    expect([signup.type, signup.labels?.[0].textContent]).toEqual(['url', 'Signup URL for adnet'])
    edit('postbacks.adnet.signup', 'https://pb.example/s?c={sub1}')
    // Trust: the threshold and one weight; the rest left to the defaults.
    edit('trust.threshold', '150')
    edit('trust.weights.phone', '0')
    // The JSON box is folded away and holds only what no form covers.
    const advanced = document.querySelector('details') as HTMLDetailsElement
    expect(advanced.open).toBe(false)
    expect(JSON.parse(input('other').value)).toEqual({ retention: { address_days: 90 }, settings: { eu_rules: true } })
    fireEvent.click(screen.getByText('Save'))
    await waitFor(() => expect(api.updateTenant).toHaveBeenCalledTimes(1))
    const sent = vi.mocked(api.updateTenant).mock.calls[0][1]
    expect(sent.free_messages).toBe(10)
    expect(sent.settings.minimum_message_costs).toEqual({ NL: { costs: 1.49, currency: 'EUR' }, BE: { costs: 1.79, currency: 'EUR' } })
    expect(sent.settings.fictional_texts).toEqual({ en: { warning: 'Some are fictional.', singular: 'Fictional profile', plural: 'Fictional profiles' } })
    expect(sent.settings.fictional_singular).toBe('Nep-profiel')
    expect(sent.postbacks).toEqual({ adnet: { signup: 'https://pb.example/s?c={sub1}' } })
    expect(sent.trust).toEqual({ threshold: 150, weights: { phone: 0 } })
    expect(sent.retention).toEqual({ address_days: 90 })
    expect(sent.settings.eu_rules).toBe(true)
  })

  it('leaves out what is emptied, and drops the fictional texts of a language the brand no longer offers', async () => {
    const file = brandFile()
    file.settings.fictional_texts = { en: { warning: 'w', singular: 's', plural: 'p' } }
    Object.assign(file, { trust: { threshold: 120 }, postbacks: { adnet: { signup: 'https://pb.example/' } } })
    const api = editApi({ tenantFile: vi.fn(() => Promise.resolve(answer(file))) })
    show(api)
    await waitFor(() => expect(input('free_messages')).toBeTruthy(), { timeout: 5000 })
    edit('free_messages', '')
    edit('trust.threshold', '')
    fireEvent.click(screen.getByText('Remove network adnet'))
    fireEvent.click(screen.getByText('Remove the minimum price in Netherlands'))
    fireEvent.click(screen.getByLabelText(/\(en\)$/, { selector: 'input[type=checkbox]' }))
    expect(input('settings.fictional_texts.en.singular')).toBeNull()
    fireEvent.click(screen.getByText('Save'))
    await waitFor(() => expect(api.updateTenant).toHaveBeenCalledTimes(1))
    const sent = vi.mocked(api.updateTenant).mock.calls[0][1]
    for (const key of ['free_messages', 'trust', 'postbacks']) expect(sent, key).not.toHaveProperty(key)
    expect(sent.settings).not.toHaveProperty('minimum_message_costs')
    expect(sent.settings).not.toHaveProperty('fictional_texts')
    expect(sent.locales).toEqual(['nl'])
  })

  it('refuses a section with a form typed into the Advanced JSON, and opens the box to show why', async () => {
    const api = editApi()
    show(api)
    await waitFor(() => expect(input('other')).toBeTruthy(), { timeout: 5000 })
    edit('other', JSON.stringify({ trust: { threshold: 5 }, settings: { fictional_texts: {}, eu_rules: true } }))
    fireEvent.click(screen.getByText('Save'))
    const box = document.querySelector('details') as HTMLDetailsElement
    await waitFor(() => expect(box.open).toBe(true))
    expect(document.getElementById(`${fieldId('other')}-error`)?.textContent).toBe('These have a form above; edit them there: trust, settings.fictional_texts.')
    expect(input('other').getAttribute('aria-invalid')).toBe('true')
    expect(api.updateTenant).not.toHaveBeenCalled()
  })

  it("shows the engine's refusal of each section's field at that field", async () => {
    const file = brandFile()
    Object.assign(file, { postbacks: { adnet: {} } })
    const problems = [
      { field: 'settings.minimum_message_costs.NL.costs', code: 'range', message: 'settings.minimum_message_costs.NL.costs must be an amount from 0.01 to 100.00 in whole cents' },
      { field: 'settings.fictional_texts.en', code: 'required', message: 'settings.fictional_texts.en is missing' },
      { field: 'free_messages', code: 'range', message: 'free_messages must be a whole number of free messages from 0 to 1000 (absent: 5)' },
      { field: 'postbacks.adnet', code: 'invalid', message: 'postbacks.adnet names no event (signup, activation, first_purchase)' },
      { field: 'trust.weights.phone', code: 'range', message: 'trust.weights.phone must be a whole number from 0 to 10000' },
    ]
    const refusal = new ConsoleError(422, 'tenant_invalid', 'The field settings.minimum_message_costs.NL.costs is not valid', { field: problems[0].field, problems })
    const api = editApi({ tenantFile: vi.fn(() => Promise.resolve(answer(file))), updateTenant: vi.fn(() => Promise.reject(refusal)) })
    show(api)
    await waitFor(() => expect(input('settings.minimum_message_costs.NL.costs')).toBeTruthy(), { timeout: 5000 })
    const amount = input('settings.minimum_message_costs.NL.costs')
    fireEvent.click(screen.getByText('Save'))
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'))
    const shownAt = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby')?.split(' ').find((id) => id.endsWith('-error')) ?? '')?.textContent
    expect(shownAt(amount)).toBe(problems[0].message)
    expect(shownAt(input('free_messages'))).toBe(problems[2].message)
    expect(shownAt(input('trust.weights.phone'))).toBe(problems[4].message)
    // A language's or a network's refusal shows in its group, named by the group's legend.
    for (const [group, legend, problem] of [['settings.fictional_texts.en', 'English (en)', problems[1]], ['postbacks.adnet', 'Network adnet', problems[3]]] as const) {
      expect(input(group).querySelector('legend')?.textContent).toBe(legend)
      expect(shownAt(input(group))).toBe(problem.message)
    }
    await waitFor(() => expect(document.activeElement).toBe(amount))
  })
})
