import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { i18n } from 'i18next'
import { I18nextProvider } from 'react-i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ConsoleError, call, type ConsoleApi, type Staff } from './api'
import { ConsoleApp } from './App'
import { errorText } from './errors'
import { consoleCatalogue, initConsoleI18n } from './i18n'

let i18nInstance: i18n
beforeAll(async () => {
  i18nInstance = await initConsoleI18n()
})
afterEach(cleanup)

type Tree = { [k: string]: string | Tree }
function flat(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : flat(v, `${prefix}${k}.`)))
}
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) return sources(p)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : []
  })
}

const staff = (over: Partial<Staff> = {}): Staff => ({
  id: 1,
  email: 'boss@staff.example',
  roles: [{ role: 'superadmin', tenant: '*' }],
  totp_enabled: true,
  totp_enrolment_required: false,
  ...over,
})

function fakeApi(over: Partial<ConsoleApi> = {}): ConsoleApi {
  return {
    me: vi.fn(() => Promise.reject(new ConsoleError(401, 'console_login_required', 'Log in'))),
    login: vi.fn(() => Promise.resolve({ staff: staff() })),
    logout: vi.fn(() => Promise.resolve(null)),
    startTOTP: vi.fn(() => Promise.resolve({ secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' })),
    confirmTOTP: vi.fn(() => Promise.resolve({ staff: staff() })),
    tenantFile: vi.fn(() => Promise.reject(new ConsoleError(404, 'tenant_not_found', 'none'))),
    createTenant: vi.fn(() => Promise.reject(new ConsoleError(403, 'console_forbidden', 'no'))),
    updateTenant: vi.fn(() => Promise.reject(new ConsoleError(403, 'console_forbidden', 'no'))),
    orders: vi.fn(() => Promise.resolve({ orders: [] })),
    refund: vi.fn(() => Promise.reject(new ConsoleError(403, 'console_forbidden', 'no'))),
    inbox: vi.fn(() => Promise.resolve({ conversations: [] })),
    inboxThread: vi.fn(() => Promise.reject(new ConsoleError(404, 'not_found', 'none'))),
    answer: vi.fn(() => Promise.reject(new ConsoleError(403, 'console_forbidden', 'no'))),
    tenants: vi.fn(() =>
      Promise.resolve([
        { slug: 'lustlokaal', name: 'LustLokaal', hosts: ['localhost'], primary_host: 'localhost', theme: 'amber', locales: ['nl', 'en'], default_locale: 'nl', company: 'Lokaal Media' },
      ]),
    ),
    ...over,
  }
}

function show(api: ConsoleApi) {
  window.history.replaceState(null, '', '/admin/')
  return render(
    <I18nextProvider i18n={i18nInstance}>
      <ConsoleApp api={api} />
    </I18nextProvider>,
  )
}

describe('console catalogue', () => {
  it('has every literal key the console uses, and a name for every role', () => {
    const keys = new Set(flat(consoleCatalogue as Tree).map((k) => k.replace(/_(one|other)$/, '')))
    const used = new Set<string>()
    for (const file of sources(__dirname)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z][\w.-]*)'/g)) used.add(m[1]!)
    }
    expect([...used].filter((k) => !keys.has(k))).toEqual([])
    expect(used.size).toBeGreaterThan(30)
    for (const role of ['superadmin', 'operator', 'moderator', 'support', 'chat_operator', 'finance', 'affiliate_manager']) {
      expect(keys.has(`console.roles.${role}`), role).toBe(true)
    }
  })

  it('words the engine codes', () => {
    const t = i18nInstance.t.bind(i18nInstance)
    expect(errorText(t, new ConsoleError(429, 'login_blocked', '', { minutes: 7 }))).toBe('Too many incorrect attempts, account blocked for 7 min.')
    expect(errorText(t, new ConsoleError(401, 'login_failed', ''))).toBe('Login failed, please try again')
    expect(errorText(t, new Error('boom'))).toBe('Something went wrong. Please try again.')
  })
})

describe('console api', () => {
  it('turns refusals into ConsoleError with code and fields, and 204 into null', async () => {
    const fetcher = vi.fn((_: RequestInfo | URL, init?: RequestInit) =>
      Promise.resolve(
        init?.method === 'POST'
          ? new Response(null, { status: 204 })
          : new Response(JSON.stringify({ error: 'login_blocked', message: 'x', minutes: 3 }), { status: 429 }),
      ),
    )
    await expect(call('POST', '/logout', undefined, fetcher as typeof fetch)).resolves.toBeNull()
    const err = await call('GET', '/me', undefined, fetcher as typeof fetch).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ConsoleError)
    expect((err as ConsoleError).code).toBe('login_blocked')
    expect((err as ConsoleError).fields.minutes).toBe(3)
    expect(fetcher.mock.calls[1]![0]).toBe('/admin/api/me')
  })
})

describe('ConsoleApp', { timeout: 20_000 }, () => {
  it('asks for the code when the engine wants one, then shows the brands', async () => {
    const login = vi
      .fn<ConsoleApi['login']>()
      .mockRejectedValueOnce(new ConsoleError(401, 'totp_required', ''))
      .mockResolvedValueOnce({ staff: staff() })
    const api = fakeApi({ login })
    show(api)
    fireEvent.change(await screen.findByLabelText('E-mail address'), { target: { value: 'boss@staff.example' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret password' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Log in' })))
    const code = await screen.findByLabelText('Code from your authenticator app')
    fireEvent.change(code, { target: { value: '123456' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Log in' })))
    expect(login).toHaveBeenLastCalledWith('boss@staff.example', 'secret password', '123456')
    expect(await screen.findByRole('heading', { name: 'LustLokaal' })).toBeTruthy()
    expect(screen.getByRole('navigation', { name: 'Console' })).toBeTruthy()
  })

  it('shows a wrong password as the engine words it', async () => {
    const api = fakeApi({ login: vi.fn(() => Promise.reject(new ConsoleError(401, 'login_failed', ''))) })
    show(api)
    fireEvent.change(await screen.findByLabelText('E-mail address'), { target: { value: 'a@b.example' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Log in' })))
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed, please try again')
  })

  it('sets up the second factor before anything else', async () => {
    const api = fakeApi({ me: vi.fn(() => Promise.resolve({ staff: staff({ totp_enabled: false, totp_enrolment_required: true }) })) })
    show(api)
    expect(await screen.findByRole('heading', { name: 'Set up your second factor' })).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show the key' })))
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSWY3DPEHPK3PXP')
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '654321' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn on' })))
    expect(api.confirmTOTP).toHaveBeenCalledWith('654321')
    await waitFor(() => expect(api.tenants).toHaveBeenCalled())
  })
})
