import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { boot, user } from '../test/fixtures'
import { refreshChats } from '../state/refresh'
import { jsonResponse, renderApp, until } from '../test/render'

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})
afterEach(() => cleanup())

const header = () => screen.getByTestId('site-header')

describe('navigation', () => {
  it('offers log in, sign up and the language menu to visitors of a two-language site', async () => {
    await renderApp(boot())
    const h = header()
    expect(within(h).getByText('Log in')).toBeTruthy()
    expect(within(h).getByText('Sign up')).toBeTruthy()
    expect(within(h).getByTestId('language-menu')).toBeTruthy()
    expect(within(h).queryByText('Messages')).toBeNull()
  })

  // Lighthouse's label-content-name-mismatch: a button's accessible name
  // contains the text it shows, so speech users can say what they see.
  it.each([
    ['language menu', () => boot(), 'language-menu', /^Language: English \(EN\)$/],
    ['account menu', () => boot({ user: user() }), 'account-menu', /^Account: Ann$/],
  ])('names the %s trigger with its visible text', async (_, data, testId, name) => {
    await renderApp(data(), '/members')
    const trigger = within(screen.getByTestId(testId)).getByRole('button', { name })
    const visible = trigger.textContent.trim()
    expect(visible).not.toBe('')
    expect(within(screen.getByTestId(testId)).getByRole('button', { name: (n) => n.includes(visible) })).toBe(trigger)
  })

  it('has no language menu with one locale', async () => {
    await renderApp(boot({ locales: ['en'] }))
    expect(within(header()).queryByTestId('language-menu')).toBeNull()
  })

  it('gives free members Get Premium', async () => {
    await renderApp(boot({ user: user({ paid_user: false, credits: 0 }) }), '/premium')
    const h = header()
    expect(within(h).getByText('Get Premium').closest('a')?.getAttribute('href')).toBe('/premium')
    expect(within(h).queryByTestId('nav-credits')).toBeNull()
  })

  it.each([
    [0, '0', 'danger'],
    [7, '7', 'warning'],
    [10, '10', 'warning'],
  ])('shows a paid member with %i credits the badge %s in %s', async (credits, text, tone) => {
    await renderApp(boot({ user: user({ paid_user: true, credits }) }), '/credits')
    const badge = within(header()).getByTestId('nav-credits-badge')
    expect(badge.textContent).toBe(text)
    expect(badge.getAttribute('data-tone')).toBe(tone)
  })

  it('shows no credits badge above 10', async () => {
    await renderApp(boot({ user: user({ paid_user: true, credits: 11 }) }), '/credits')
    expect(within(header()).getByTestId('nav-credits')).toBeTruthy()
    expect(within(header()).queryByTestId('nav-credits-badge')).toBeNull()
  })

  it('caps the unread badge at 99+ and puts unread plus new likes in the title', async () => {
    const { services } = await renderApp(boot({ user: user() }), '/members')
    act(() => {
      services.store.set({
        chats: [
          { conversation: { id: 1 }, profile: { id: 1, name: 'A', main_image: null }, num_unread_messages: 120 },
          { conversation: { id: 2 }, profile: { id: 2, name: 'B', main_image: null }, num_unread_messages: 3 },
        ],
        likes: { profiles: [], liked_by: [{ id: 5, like_new: true }, { id: 6, like_new: false }] },
      })
    })
    expect(within(header()).getByTestId('nav-messages-badge').textContent).toBe('99+')
    expect(within(header()).getByTestId('nav-likes-badge').textContent).toBe('1')
    await waitFor(() => expect(document.title).toMatch(/^\(124\) /))
  })

  it('shows the boot state unread messages and new likes at once, without a fetch, until the chats load', async () => {
    const chats = [{ conversation: { id: 1 }, profile: { id: 1, name: 'A', main_image: null }, num_unread_messages: 1 }]
    const { services, fetch } = await renderApp(boot({ user: user(), counts: { unread_messages: 4, new_likes: 2 } }), '/members', (url) =>
      url.includes('/api/chats.php') ? jsonResponse(200, chats) : jsonResponse(404, { error: 'not_found' }),
    )
    expect(within(header()).getByTestId('nav-messages-badge').textContent).toBe('4')
    expect(within(header()).getByTestId('nav-likes-badge').textContent).toBe('2')
    expect(fetch.mock.calls.map(([url]) => url).filter((u) => /chats|likes/.test(u))).toEqual([])
    await waitFor(() => expect(document.title).toMatch(/^\(6\) /))
    await act(() => refreshChats(services.api, services.store))
    expect(within(header()).getByTestId('nav-messages-badge').textContent).toBe('1')
  })

  it('opens the account menu with the keyboard and gives the focus back on Escape', async () => {
    await renderApp(boot({ user: user() }), '/members')
    const trigger = within(screen.getByTestId('account-menu')).getByRole('button')
    trigger.focus()
    fireEvent.keyDown(trigger, { key: 'ArrowDown' })
    const items = await screen.findAllByRole('menuitem')
    expect(items.map((i) => i.textContent)).toEqual(['My profile', 'Settings', 'Logout'])
    await waitFor(() => expect(document.activeElement).toBe(items[0]))
    fireEvent.keyDown(items[0], { key: 'ArrowDown' })
    await waitFor(() => expect(document.activeElement).toBe(items[1]))
    fireEvent.keyDown(items[1], { key: 'End' })
    await waitFor(() => expect(document.activeElement).toBe(items[2]))
    fireEvent.keyDown(items[2], { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    expect(document.activeElement).toBe(trigger)
    expect(trigger.getAttribute('aria-expanded')).toBe('false')
  })

  it('logs out through logout.php', async () => {
    const { fetch, services } = await renderApp(boot({ user: user() }), '/members', (url) =>
      url.startsWith('/api/logout.php') ? new Response(null, { status: 204 }) : jsonResponse(404, {}),
    )
    fireEvent.click(within(screen.getByTestId('account-menu')).getByRole('button'))
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }))
    await waitFor(() => expect(services.store.get().user).toBeNull())
    expect(fetch.mock.calls.some((c) => c[0] === '/api/logout.php')).toBe(true)
    await waitFor(() => expect(within(header()).getByText('Log in')).toBeTruthy())
  })

  it('logs out when another call answers 403 authentication_required', async () => {
    const { services } = await renderApp(boot({ user: user() }), '/members', (url) =>
      url.startsWith('/api/chats.php') ? jsonResponse(403, { error: 'authentication_required', message: 'x' }) : jsonResponse(404, {}),
    )
    await expect(services.api.http.get('/api/chats.php')).resolves.toBe(false)
    await waitFor(() => expect(services.store.get().user).toBeNull())
  })
})

describe('footer and warnings', () => {
  it('links the nine footer pages', async () => {
    await renderApp(boot())
    const links = within(screen.getByTestId('site-footer')).getAllByRole('link').map((a) => a.getAttribute('href'))
    expect(links).toEqual([
      '/pages/terms',
      '/pages/privacy',
      '/pages/cookies',
      '/pages/ban',
      '/pricing',
      '/complaints',
      '/pages/return-policy',
      '/pages/faq',
      '/pages/service',
    ])
  })

  it('shows the US footer in English on a US site only', async () => {
    await renderApp(boot({ locale: 'en', locales: ['en'] }, { countries: ['US'] }))
    expect(screen.getByTestId('us-footer')).toBeTruthy()
    cleanup()
    await renderApp(boot({ locale: 'en' }, { countries: ['NL', 'BE'] }))
    expect(screen.queryByTestId('us-footer')).toBeNull()
  })

  it.each([
    ['/', 'default'],
    ['/chats', 'chat'],
    ['/members/9/landing', 'lander'],
    ['/signup', 'empty'],
  ])('shows the entry warning to NL visitors on %s (%s layout)', async (path, layout) => {
    await renderApp(boot({ country: 'NL', user: null }, { enable_site_entry_popup: 'no' }), path)
    await screen.findByTestId('entry-warning')
    expect(document.querySelector(`[data-layout="${layout}"]`)).toBeTruthy()
    expect(screen.getByTestId('entry-warning').getAttribute('data-country')).toBe('NL')
  })

  it('shows no entry warning to US visitors', async () => {
    await renderApp(boot({ country: 'US' }), '/chats')
    await screen.findByTestId('login-required')
    expect(screen.queryByTestId('entry-warning')).toBeNull()
  })
})

describe('site-entry modal', () => {
  it('traps the focus, closes on enter and stays dismissed', async () => {
    await renderApp(boot({ country: 'NL' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(dialog.contains(document.activeElement)).toBe(true)
    const buttons = within(dialog).getAllByRole('button')
    buttons.at(-1)!.focus()
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' })
    expect(document.activeElement).toBe(buttons[0])
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(buttons.at(-1))
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(screen.getByRole('dialog')).toBeTruthy()
    fireEvent.click(screen.getByTestId('site-entry-enter'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    cleanup()
    await renderApp(boot({ country: 'NL' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('does not show for members, other countries or when the setting is no', async () => {
    await renderApp(boot({ country: 'NL', user: user() }), '/members')
    expect(screen.queryByTestId('site-entry-modal')).toBeNull()
    cleanup()
    await renderApp(boot({ country: 'US' }))
    expect(screen.queryByTestId('site-entry-modal')).toBeNull()
    cleanup()
    await renderApp(boot({ country: 'NL' }, { enable_site_entry_popup: 'no' }))
    expect(screen.queryByTestId('site-entry-modal')).toBeNull()
  })
})

describe('pages', () => {
  it('shows the 404 page with a link home', async () => {
    await renderApp(boot(), '/no/such/page')
    expect(await screen.findByText('This page could not be found')).toBeTruthy()
    expect(screen.getByText('Back to the home page').closest('a')?.getAttribute('href')).toBe('/')
  })

  it('shows the login form on member-only pages to visitors', async () => {
    await renderApp(boot(), '/likes')
    expect(await screen.findByTestId('login-required')).toBeTruthy()
  })

  it.each([
    [401, { error: 'login_failed', message: 'Login failed, please try again' }, 'Login failed, please try again'],
    [429, { error: 'login_blocked', message: 'x', minutes: 15 }, 'Too many incorrect attempts, account blocked for 15 min.'],
  ])('shows the login error of a %i', async (status, body, text) => {
    const { fetch } = await renderApp(boot(), '/login', (url) => (url.startsWith('/api/user.php') ? jsonResponse(status, body) : jsonResponse(404, {})))
    const form = await screen.findByTestId('login-form')
    fireEvent.change(within(form).getByLabelText('E-mail address'), { target: { value: 'a@b.c' } })
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'wrong' } })
    fireEvent.click(within(form).getByTestId('login-submit'))
    expect((await screen.findByTestId('login-error')).textContent).toBe(text)
    const call = fetch.mock.calls.find((c) => c[0] === '/api/user.php')!
    expect((call[1]!.headers as Record<string, string>)['X-Request-Type']).toBe('client')
  })

  it('logs in and goes to the member search', async () => {
    const { router } = await renderApp(boot(), '/login', (url) =>
      url.startsWith('/api/user.php') ? jsonResponse(200, { user: user() }) : jsonResponse(404, {}),
    )
    const form = await screen.findByTestId('login-form')
    fireEvent.change(within(form).getByLabelText('E-mail address'), { target: { value: 'ann@example.test' } })
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'right' } })
    fireEvent.click(within(form).getByTestId('login-submit'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/members'))
    expect(within(header()).getByText('Messages')).toBeTruthy()
  })

  it('asks settings.php with the host and the route query', async () => {
    const { fetch } = await renderApp(boot(), '/?network=aff1&ref=x')
    await waitFor(() => expect(fetch.mock.calls.some((c) => c[0].startsWith('/api/settings.php'))).toBe(true))
    const url = fetch.mock.calls.find((c) => c[0].startsWith('/api/settings.php'))![0]
    const q = new URL(url, 'http://x').searchParams
    expect(q.get('domain')).toBe(window.location.hostname)
    expect(q.get('network')).toBe('aff1')
  })
})

// A first visit transforms the lazy pricing page, slow on a busy machine.
describe('welcome time bonus', { timeout: 20_000 }, () => {
  const fresh = () => new Date(Date.now() - 60_000).toISOString()
  /** server answers discountcode.php?code=TIMEBONUS25 with the seconds left by the server's clock. */
  const server =
    (validity: number | null, status = 200) =>
    (url: string) => {
      if (!url.startsWith('/api/discountcode.php?code=TIMEBONUS25')) return jsonResponse(404, { error: 'not_found' })
      if (status !== 200) return jsonResponse(status, { error: 'code_used', message: 'Code already used' })
      return jsonResponse(200, {
        code: 'TIMEBONUS25', value_percentage: 25, minimum_order_value: null, currency: null, country: null, paymentmethods: [],
        user_id: null, expires: null, validity, expired: validity === 0, status: validity === 0 ? 'expired' : 'active',
      })
    }
  const asked = (fetch: { mock: { calls: [string, ...unknown[]][] } }) => fetch.mock.calls.some((c) => c[0].startsWith('/api/discountcode.php?code=TIMEBONUS25'))

  it('at 0 credits shows the modal linking to credits, then (one at a time) the banner with a countdown', async () => {
    await renderApp(boot({ user: user({ signup_date: fresh(), credits: 0 }) }), '/pricing', server(14_340))
    const modal = await screen.findByTestId('time-bonus-modal')
    expect(within(modal).getByRole('link').getAttribute('href')).toBe('/credits')
    expect(screen.queryByTestId('alert-timeBonus')).toBeNull()
    fireEvent.click(within(modal).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByTestId('time-bonus-modal')).toBeNull())
    const banner = await screen.findByTestId('alert-timeBonus')
    expect(within(banner).getByTestId('time-bonus-countdown').textContent).toMatch(/^03:5\d:\d\d$/)
    expect(within(banner).getByRole('link').getAttribute('href')).toBe('/credits')
  })

  it("counts down by the server's clock, not the browser's", async () => {
    // The browser thinks the signup was three hours and a half ago; the server says 2 h 10 min are left.
    const skewed = new Date(Date.now() - 3.5 * 3600_000).toISOString()
    await renderApp(boot({ user: user({ signup_date: skewed, credits: 5 }) }), '/pricing', server(2 * 3600 + 600))
    const banner = await screen.findByTestId('alert-timeBonus')
    expect(within(banner).getByTestId('time-bonus-countdown').textContent).toMatch(/^02:(10:00|09:5\d)$/)
  })

  it('shows nothing when the server refuses the bonus or it has ended', async () => {
    const { fetch } = await renderApp(boot({ user: user({ signup_date: fresh(), credits: 0 }) }), '/pricing', server(null, 409))
    await waitFor(() => expect(asked(fetch)).toBe(true))
    await screen.findByTestId('pricing-page')
    expect(screen.queryByTestId('alert-timeBonus')).toBeNull()
    cleanup()
    const ended = await renderApp(boot({ user: user({ signup_date: fresh(), credits: 0 }) }), '/pricing', server(0))
    await waitFor(() => expect(asked(ended.fetch)).toBe(true))
    expect(screen.queryByTestId('alert-timeBonus')).toBeNull()
    expect(screen.queryByTestId('time-bonus-modal')).toBeNull()
  })

  it('shows the banner but no modal with signup credits, and nothing to paid members, who are not asked', async () => {
    await renderApp(boot({ user: user({ signup_date: fresh(), credits: 50 }) }), '/pricing', server(14_340))
    await screen.findByTestId('alert-timeBonus')
    expect(screen.queryByTestId('time-bonus-modal')).toBeNull()
    cleanup()
    const { fetch } = await renderApp(boot({ user: user({ signup_date: fresh(), credits: 0, paid_user: true }) }), '/pricing', server(14_340))
    await screen.findByTestId('pricing-page')
    expect(screen.queryByTestId('alert-timeBonus')).toBeNull()
    expect(screen.queryByTestId('time-bonus-modal')).toBeNull()
    expect(asked(fetch)).toBe(false)
  })

  it('shows the modal once the signup credits are spent while the offer lasts', async () => {
    const { services } = await renderApp(boot({ user: user({ signup_date: fresh(), credits: 10 }) }), '/pricing', server(14_340))
    await screen.findByTestId('alert-timeBonus')
    expect(screen.queryByTestId('time-bonus-modal')).toBeNull()
    act(() => services.store.set({ user: { ...services.store.get().user!, credits: 0 } }))
    await screen.findByTestId('time-bonus-modal')
  })

  it('takes the offer away when the member logs out', async () => {
    const { services } = await renderApp(boot({ user: user({ signup_date: fresh(), credits: 0 }) }), '/pricing', server(14_340))
    await screen.findByTestId('time-bonus-modal')
    expect(services.store.get().timeBonus.isVisible).toBe(true)
    act(() => services.store.set({ user: null }))
    await waitFor(() => expect(services.store.get().timeBonus).toEqual({ offer: null, isVisible: false }))
    expect(screen.queryByTestId('time-bonus-modal')).toBeNull()
    expect(screen.queryByTestId('alert-timeBonus')).toBeNull()
  })

  it('waits 40 s in the members area', async () => {
    await renderApp(boot({ user: user({ signup_date: fresh(), credits: 0 }) }), '/members', server(14_340))
    await screen.findByTestId('alert-timeBonus')
    expect(screen.queryByTestId('time-bonus-modal')).toBeNull()
  })
})

describe('page refresh', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }))
  afterEach(() => vi.useRealTimers())

  it('marks the loader failed and shows the error page when the refresh fails, until the member moves on', async () => {
    const { router } = await renderApp(boot({ user: user() }), '/pricing', (url) => {
      if (url.startsWith('/api/user.php')) return jsonResponse(200, { user: user() })
      if (url.startsWith('/api/likes.php')) return jsonResponse(200, { profiles: [], liked_by: [] })
      if (url.startsWith('/api/chats.php')) return jsonResponse(500, { error: 'server_error', message: 'Chats are down' })
      return jsonResponse(404, {})
    })
    await until(() => screen.queryByTestId('pricing-page'))
    await act(() => vi.advanceTimersByTimeAsync(4999))
    expect(screen.queryByTestId('error-page')).toBeNull()
    await act(() => vi.advanceTimersByTimeAsync(1))
    await until(() => screen.queryByTestId('error-page'))
    expect(screen.getByTestId('error-message').textContent).toBe('Chats are down')
    expect(screen.getByRole('progressbar').getAttribute('data-state')).toBe('failed')
    expect(screen.queryByTestId('pricing-page')).toBeNull()
    expect(header()).toBeTruthy()
    await act(() => router.navigate('/premium'))
    await until(() => !screen.queryByTestId('error-page'))
  })
})

describe('app badge', () => {
  const nav = navigator as unknown as Record<string, unknown>
  afterEach(() => {
    delete nav.setAppBadge
    delete nav.clearAppBadge
  })

  it('is the unread messages plus the new likes, and is cleared at 0', async () => {
    const setAppBadge = vi.fn((n?: number) => Promise.resolve(void n))
    const clearAppBadge = vi.fn(async () => {})
    Object.assign(nav, { setAppBadge, clearAppBadge })
    const { services } = await renderApp(boot({ user: user() }), '/pricing')
    await waitFor(() => expect(clearAppBadge).toHaveBeenCalled())
    expect(setAppBadge).not.toHaveBeenCalled()
    act(() => {
      services.store.set({
        chats: [
          { conversation: { id: 1 }, profile: { id: 1, name: 'A', main_image: null }, num_unread_messages: 4 },
          { conversation: { id: 2 }, profile: { id: 2, name: 'B', main_image: null }, num_unread_messages: 3 },
        ],
        likes: { profiles: [], liked_by: [{ id: 5, like_new: true }, { id: 6, like_new: false }, { id: 8, like_new: true }] },
      })
    })
    await waitFor(() => expect(setAppBadge).toHaveBeenLastCalledWith(9))
    clearAppBadge.mockClear()
    act(() => services.store.set({ chats: [], likes: { profiles: [], liked_by: [] } }))
    await waitFor(() => expect(clearAppBadge).toHaveBeenCalledTimes(1))
  })
})

describe('like modal', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }))
  afterEach(() => vi.useRealTimers())

  const likesCalls = (fetch: { mock: { calls: [string, ...unknown[]][] } }) => fetch.mock.calls.filter((c) => c[0].startsWith('/api/likes.php')).length

  it('opens t seconds later, drops t from the URL and reloads the likes 500 ms after the auto-like', async () => {
    const { router, fetch } = await renderApp(boot({ user: user() }), '/pricing?t=3&x=1', (url) => {
      if (url.startsWith('/api/auto-like.php')) return jsonResponse(200, { id: 12, name: 'Bea', main_image: null })
      // the like's card is claimed before it shows: the first time
      if (url.startsWith('/api/like-card.php')) return jsonResponse(200, { first_time: true })
      if (url.startsWith('/api/likes.php')) return jsonResponse(200, { profiles: [], liked_by: [{ id: 12, like_new: true }] })
      return jsonResponse(404, {})
    })
    await until(() => router.state.location.search === '?x=1')
    await act(() => vi.advanceTimersByTimeAsync(2999))
    expect(screen.queryByTestId('like-modal')).toBeNull()
    expect(fetch.mock.calls.some((c) => c[0].startsWith('/api/auto-like.php'))).toBe(false)
    await act(() => vi.advanceTimersByTimeAsync(1))
    await until(() => screen.queryByTestId('like-modal'))
    expect(screen.getByTestId('like-modal').textContent).toContain('Bea')
    const before = likesCalls(fetch)
    await act(() => vi.advanceTimersByTimeAsync(499))
    expect(likesCalls(fetch)).toBe(before)
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(likesCalls(fetch)).toBe(before + 1)
  })
})
