import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { boot, user } from '../test/fixtures'
import { jsonResponse, renderApp, type FetchHandler } from '../test/render'
import { noteLength } from './ProfileNote'

// The first visit of a lazy page transforms its chunk, slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 })

const eva = {
  id: 21,
  name: 'Eva',
  gender: 'female',
  country: 'NL',
  main_image: null,
  photos: [],
  photos_hidden: 0,
  is_house: false,
  blocked: false,
  online: false,
  last_active_at: null,
}
const note = { text: 'Loves sailing', updated_at: '2026-01-01T10:00:00Z' }

interface Call {
  method: string
  url: string
  body: Record<string, unknown> | null
}

/** api answers member.php (with the given note), note.php and the chat; it records every call. */
function api(memberNote: typeof note | null, put: (body: Record<string, unknown>) => Response) {
  const calls: Call[] = []
  const handler: FetchHandler = (url, init) => {
    const body = init.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : null
    calls.push({ method: init.method ?? 'GET', url, body })
    if (url.startsWith('/api/member.php')) return jsonResponse(200, { profile: memberNote ? { ...eva, note: memberNote } : eva })
    if (url.startsWith('/api/note.php') && init.method === 'PUT') return put(body ?? {})
    if (url.startsWith('/api/note.php')) return jsonResponse(200, { note: memberNote })
    if (url.startsWith('/api/messages.php')) {
      return jsonResponse(200, { conversation: { id: 3 }, profile: { id: 21, name: 'Eva', main_image: null }, messages: [], older_hidden: false, blocked: false })
    }
    if (url.startsWith('/api/chats.php')) return jsonResponse(200, [])
    if (url.startsWith('/api/typing.php')) return jsonResponse(204, null)
    return jsonResponse(404, { error: 'not_found', message: 'This page could not be found' })
  }
  return { handler, calls }
}

const saved = (body: Record<string, unknown>) => {
  const text = String(body.text).trim()
  return jsonResponse(200, { note: text ? { text, updated_at: '2026-01-02T10:00:00Z' } : null })
}

afterEach(cleanup)

describe('the private note on a profile', () => {
  it('shows the note from member.php with the only-you hint and saves a change', async () => {
    const { handler, calls } = api(note, saved)
    await renderApp(boot({ user: user() }, { visible_profile_notes: true }), '/members/21', handler)
    const field = await screen.findByTestId<HTMLTextAreaElement>('profile-note-text')
    expect(field.value).toBe('Loves sailing')
    expect(screen.getByTestId('profile-note-hint').textContent).toBe('Only you can see this note.')
    expect(screen.getByRole('heading', { name: 'Your note on Eva' })).toBeTruthy()
    const save = screen.getByTestId<HTMLButtonElement>('profile-note-save')
    expect(save.disabled).toBe(true) // nothing changed yet

    fireEvent.change(field, { target: { value: 'Loves sailing; ask about Texel' } })
    expect(screen.getByTestId('profile-note-counter').textContent).toBe('30/500')
    fireEvent.click(save)
    expect(await screen.findByTestId('profile-note-saved')).toBeTruthy()
    const put = calls.find((c) => c.method === 'PUT')
    expect(put?.url).toBe('/api/note.php')
    expect(put?.body).toEqual({ profile_id: 21, text: 'Loves sailing; ask about Texel' })
    expect(screen.getByTestId<HTMLButtonElement>('profile-note-save').disabled).toBe(true)
    // member.php carried the note: no separate read
    expect(calls.some((c) => c.method === 'GET' && c.url.startsWith('/api/note.php'))).toBe(false)
  })

  it('refuses a note over 500 characters before sending and words the server refusal', async () => {
    const { handler, calls } = api(null, () => jsonResponse(422, { error: 'note_too_long', message: 'A note can be at most 500 characters long.', max: 500 }))
    await renderApp(boot({ user: user() }, { visible_profile_notes: true }), '/members/21', handler)
    const field = await screen.findByTestId('profile-note-text')
    expect((field as HTMLTextAreaElement).value).toBe('')
    fireEvent.change(field, { target: { value: '😀'.repeat(501) } })
    expect(screen.getByRole('alert').textContent).toBe('A note can be at most 500 characters long.')
    expect(screen.getByTestId<HTMLButtonElement>('profile-note-save').disabled).toBe(true)
    // 500 emoji are 500 characters, as the server counts them
    fireEvent.change(field, { target: { value: '😀'.repeat(500) } })
    fireEvent.click(screen.getByTestId('profile-note-save'))
    expect((await screen.findByTestId('profile-note-error')).textContent).toBe('A note can be at most 500 characters long.')
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1)
  })

  it('is not there when the tenant has notes off, nor for a visitor or on the own profile', async () => {
    const off = api(note, saved)
    await renderApp(boot({ user: user() }, { visible_profile_notes: false }), '/members/21', off.handler)
    expect(await screen.findByTestId('member-page')).toBeTruthy()
    await screen.findByText('Eva', { selector: 'h1' })
    expect(screen.queryByTestId('profile-note')).toBeNull()
    cleanup()

    const visitor = api(null, saved)
    await renderApp(boot({}, { visible_profile_notes: true }), '/members/21', visitor.handler)
    await screen.findByTestId('member-visitor')
    expect(screen.queryByTestId('profile-note')).toBeNull()
    cleanup()

    const own = api(null, saved)
    await renderApp(boot({ user: user({ id: 21 }) }, { visible_profile_notes: true }), '/members/21', own.handler)
    await screen.findByText('Eva', { selector: 'h1' })
    expect(screen.queryByTestId('profile-note')).toBeNull()
  })

  it('sits above the conversation in the chat, loaded from note.php, and writing it is not typing', async () => {
    const { handler, calls } = api(note, saved)
    await renderApp(boot({ user: user() }, { visible_profile_notes: true }), '/chats/3', handler)
    const drawer = await screen.findByTestId('chat-note')
    expect(drawer.querySelector('summary')?.textContent).toBe('Your note on Eva')
    const field = await screen.findByTestId<HTMLTextAreaElement>('profile-note-text')
    await waitFor(() => expect(field.value).toBe('Loves sailing'))
    expect(calls.some((c) => c.url === '/api/note.php?profile_id=21')).toBe(true)
    fireEvent.input(field, { target: { value: 'Loves sailing and dogs' } })
    fireEvent.change(field, { target: { value: 'Loves sailing and dogs' } })
    fireEvent.click(screen.getByTestId('profile-note-save'))
    await screen.findByTestId('profile-note-saved')
    expect(calls.some((c) => c.url.startsWith('/api/typing.php'))).toBe(false)
  })

  it('is not in the chat when the tenant has notes off', async () => {
    const { handler, calls } = api(note, saved)
    await renderApp(boot({ user: user() }, { visible_profile_notes: false }), '/chats/3', handler)
    await screen.findByTestId('chat-conversation')
    expect(screen.queryByTestId('chat-note')).toBeNull()
    expect(calls.some((c) => c.url.startsWith('/api/note.php'))).toBe(false)
  })
})

describe('noteLength', () => {
  it('counts characters like the server, trimmed', () => {
    expect(noteLength('  hi  ')).toBe(2)
    expect(noteLength('😀é')).toBe(2)
  })
})
