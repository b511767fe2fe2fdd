import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { MemberProfile } from '../../api/types'
import { boot, user } from '../../test/fixtures'
import { jsonResponse, renderApp, until } from '../../test/render'

const ann = {
  id: 9, name: 'Ann', gender: 'female', country: 'NL', age: 34, city: 'Utrecht', about_me: 'I like long walks.',
  main_image: { filename: 'ab/p.jpg', thumb_filename: 'ab/p_t.jpg', status: 'active', url: '/media/ab/p.jpg', thumb_url: '/media/ab/p_t.jpg' },
  photos: [], photos_hidden: 2, is_house: false, blocked: false, online: false, last_active_at: null,
} as unknown as MemberProfile

const landingCall = (url: string) => url.startsWith('/api/member-landing.php')

afterEach(cleanup)

// The first render transforms the page's lazy chunk, which takes seconds on a loaded machine.
describe('the member landings', { timeout: 30_000 }, () => {
  it.each([
    ['/members/9/landing', 'landing-spotlight', 'Ann is waiting for your message', 'Write to Ann'],
    ['/members/9/landing2', 'landing-chat', 'Ann sent you a message', 'Reply to Ann'],
    ['/members/9/landing2/b', 'landing-chat', 'New message from Ann', 'Write back'],
    ['/members/9/landing3/summer', 'landing-match', 'Ann could be your match', 'Meet Ann'],
    ['/members/9/landing3/B', 'landing-match', 'Ann wants to get to know you', 'Start chatting'],
  ])('%s shows the boot state’s member in its design and copy, without a call', async (path, testId, title, cta) => {
    const { fetch } = await renderApp(boot({ member: ann }), path + '?network=adnet&ref=7')
    const design = await screen.findByTestId(testId)
    expect(within(design).getByRole('heading', { level: 1 }).textContent).toBe(title)
    expect(within(design).getByTestId('landing-facts').textContent).toBe('34 years · Utrecht')
    expect(within(design).getByTestId('landing-about').textContent).toBe('I like long walks.')
    expect(within(design).getAllByRole('img', { name: 'Photo of Ann' }).length).toBeGreaterThan(0)
    expect(within(design).getByTestId('landing-more-photos').textContent).toBe('2 more photos to see after signing up')
    const link = within(design).getByRole('link', { name: cta })
    expect(link.getAttribute('href')).toBe('/members/9/signup?network=adnet&ref=7')
    expect(fetch.mock.calls.filter(([url]) => landingCall(url))).toEqual([])
  })

  it('asks member-landing.php without a boot state, and shows no field the server left out', async () => {
    const bare = { ...ann, age: undefined, city: undefined, about_me: undefined, photos_hidden: 0 } as unknown as MemberProfile
    const { fetch } = await renderApp(boot(), '/members/9/landing', (url) =>
      landingCall(url) ? jsonResponse(200, { profile: bare }) : jsonResponse(404, { error: 'not_found' }),
    )
    const design = await screen.findByTestId('landing-spotlight')
    expect(fetch.mock.calls.some(([url]) => url === '/api/member-landing.php?id=9')).toBe(true)
    expect(within(design).queryByTestId('landing-facts')).toBeNull()
    expect(within(design).queryByTestId('landing-about')).toBeNull()
    expect(within(design).queryByTestId('landing-more-photos')).toBeNull()
  })

  it('shows a friendly page for a member it may not show, leading to the signup', async () => {
    await renderApp(boot(), '/members/9/landing2/a', (url) =>
      landingCall(url) ? jsonResponse(404, { error: 'profile_not_found', message: 'This page could not be found' }) : jsonResponse(404, { error: 'not_found' }),
    )
    const page = await screen.findByTestId('landing-notFound')
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('This member is not here right now')
    expect(within(page).getByRole('link', { name: 'Sign up free' }).getAttribute('href')).toBe('/signup')
    expect(screen.queryByText(/Ann/)).toBeNull()
  })

  it('keeps the member unnamed where visitors may not browse, but signs up to them', async () => {
    await renderApp(boot(), '/members/9/landing3', (url) =>
      landingCall(url) ? jsonResponse(403, { error: 'authentication_required', message: 'Log in' }) : jsonResponse(404, { error: 'not_found' }),
    )
    const page = await screen.findByTestId('landing-locked')
    expect(within(page).getByRole('link', { name: 'Sign up free' }).getAttribute('href')).toBe('/members/9/signup')
  })

  it('sends a logged-in member to the member’s profile', async () => {
    const { router } = await renderApp(boot({ user: user() }), '/members/9/landing', (url) =>
      url.startsWith('/api/member.php') ? jsonResponse(200, { profile: ann }) : jsonResponse(404, { error: 'not_found' }),
    )
    await until(() => router.state.location.pathname === '/members/9')
    expect(screen.queryByTestId('member-landing')).toBeNull()
  })
})
