import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { boot } from '../../../test/fixtures'
import { jsonResponse, renderApp } from '../../../test/render'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('the signup flow', () => {
  it('focuses and scrolls to the first field with an error', async () => {
    const scrolled: Element[] = []
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this)
    }
    await renderApp(boot(), '/signup')
    const form = await screen.findByTestId('signup-step-account')
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'Bram' } })
    fireEvent.click(screen.getByTestId('signup-create'))

    // The gender is the first field with an error.
    const man = screen.getByLabelText('a man')
    await waitFor(() => expect(document.activeElement).toBe(man))
    expect(scrolled).toEqual([man])
    expect(man.getAttribute('aria-invalid')).toBe('true')
    const described = man.getAttribute('aria-describedby')
    expect(described).toBeTruthy()
    expect(document.getElementById(described!)?.textContent).toBeTruthy()
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('false')

    // With the gender chosen, the date of birth is first.
    fireEvent.click(man)
    fireEvent.click(screen.getByTestId('signup-create'))
    const day = screen.getByLabelText('Day')
    await waitFor(() => expect(document.activeElement).toBe(day))
    expect(scrolled.at(-1)).toBe(day)
    expect(day.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(day.getAttribute('aria-describedby')!)?.textContent).toMatch(/18/)
    expect(form.contains(document.activeElement)).toBe(true)
  })

  it('focuses the field the server refused', async () => {
    Element.prototype.scrollIntoView = () => {}
    const handler = (url: string) =>
      url.startsWith('/api/signup.php')
        ? jsonResponse(422, { error: 'email_taken', message: 'taken' })
        : jsonResponse(404, { error: 'not_found', message: 'This page could not be found' })
    await renderApp(boot(), '/signup', handler)
    await screen.findByTestId('signup-step-account')
    fireEvent.click(screen.getByLabelText('a man'))
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'Bram' } })
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '14' } })
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2' } })
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: '1990' } })
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'bram@example.test' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } })
    fireEvent.click(screen.getByTestId('signup-orientation-consent'))
    fireEvent.click(screen.getByTestId('signup-create'))
    const email = screen.getByLabelText('E-mail address')
    await waitFor(() => expect(document.activeElement).toBe(email))
    expect(email.getAttribute('aria-invalid')).toBe('true')
  })

  it('asks the message only on the signup page of a profile', async () => {
    await renderApp(boot(), '/signup')
    await screen.findByTestId('signup-step-account')
    expect(screen.getByTestId('signup-flow').getAttribute('data-step')).toBe('account')
    expect(screen.getByTestId('signup-step-title').textContent).toMatch(/Your account/)
    expect(screen.queryByRole('textbox', { name: /message/i })).toBeNull()
    cleanup()

    const bodies: Array<Record<string, unknown>> = []
    const handler = (url: string, init: RequestInit) => {
      if (url.startsWith('/api/member.php')) return jsonResponse(200, { profile: { id: 21, name: 'Ann' } })
      if (url.startsWith('/api/signup.php')) {
        bodies.push(JSON.parse(init.body as string) as Record<string, unknown>)
        return jsonResponse(422, { error: 'email_taken', message: 'taken' })
      }
      return jsonResponse(404, { error: 'not_found', message: 'This page could not be found' })
    }
    await renderApp(boot(), '/members/21/signup', handler)
    await screen.findByTestId('signup-step-message')
    expect(screen.getByTestId('signup-step-title').textContent).toMatch(/Your message/)
    const message = await screen.findByLabelText('Your message to Ann')
    fireEvent.change(message, { target: { value: 'Hello Ann' } })
    fireEvent.click(screen.getByLabelText('a man'))
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'Bram' } })
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '14' } })
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2' } })
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: '1990' } })
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'bram@example.test' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } })
    fireEvent.click(screen.getByTestId('signup-orientation-consent'))
    fireEvent.click(screen.getByTestId('signup-create'))
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).toMatchObject({ signup_message: 'Hello Ann', profile_id: 21, orientation_consent: true, marketing: true })
  })

  it('asks the orientation consent, sends nothing without it, and leaves marketing off on a brand with the European rules', async () => {
    Element.prototype.scrollIntoView = () => {}
    const bodies: Array<Record<string, unknown>> = []
    const handler = (url: string, init: RequestInit) => {
      if (url.startsWith('/api/signup.php')) {
        bodies.push(JSON.parse(init.body as string) as Record<string, unknown>)
        return jsonResponse(422, { error: 'email_taken', message: 'taken' })
      }
      return jsonResponse(404, { error: 'not_found', message: 'This page could not be found' })
    }
    const b = boot()
    b.settings = { ...b.settings, eu_rules: true }
    await renderApp(b, '/signup', handler)
    await screen.findByTestId('signup-step-account')
    const consent = screen.getByTestId<HTMLInputElement>('signup-orientation-consent')
    const marketing = screen.getByTestId<HTMLInputElement>('signup-marketing')
    expect(consent.checked).toBe(false)
    expect(marketing.checked).toBe(false)
    fireEvent.click(screen.getByLabelText('a man'))
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'Bram' } })
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '14' } })
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2' } })
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: '1990' } })
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'bram@example.test' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } })
    fireEvent.click(screen.getByTestId('signup-create'))
    await waitFor(() => expect(document.activeElement).toBe(consent))
    expect(consent.getAttribute('aria-invalid')).toBe('true')
    expect(bodies).toHaveLength(0)
    fireEvent.click(consent)
    fireEvent.click(screen.getByTestId('signup-create'))
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).toMatchObject({ orientation_consent: true, marketing: false })
  })
})
