import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import type { i18n } from 'i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ConsoleError, type ConsoleApi, type InboxMessage, type InboxThread } from '../../api'
import { initConsoleI18n } from '../../i18n'
import { Inbox } from './Inbox'
import { settle } from '../../../test/act'
import { fakeApi } from '../../test/fakeApi'
import { showPage } from '../../test/render'

let i18nInstance: i18n
beforeAll(async () => {
  i18nInstance = await initConsoleI18n()
})
afterEach(cleanup)

/** message is a text message of conversation 5 between the house profile (9) and Jeroen (42). */
const message = (m: Pick<InboxMessage, 'id' | 'from_me' | 'text' | 'created_at'>): InboxMessage => ({
  conversation_id: 5,
  sender_id: m.from_me ? 9 : 42,
  kind: 'text',
  gift: null,
  photo: null,
  credits: 0,
  read: false,
  ...m,
})
const jeroen: InboxThread['profile'] = { id: 42, name: 'Jeroen', age: 35, city: 'Utrecht', country: 'NL', status: 'active', main_image: null, fictional: false }

const thread: InboxThread = {
  conversation: { id: 5 },
  house: { id: 9, name: 'Sanne' },
  profile: jeroen,
  messages: [
    message({ id: 1, from_me: true, text: 'Hoi!', created_at: '2026-11-20T10:00:00Z' }),
    message({ id: 2, from_me: false, text: 'Hallo Sanne', created_at: '2026-11-20T10:01:00Z' }),
  ],
  older_hidden: false,
  blocked: false,
  answered_by: { '1': 'ops@staff.example' },
}

/** inboxApi is the API with Jeroen's conversation with Sanne waiting, over in place of its calls. */
const inboxApi = (over: Partial<ConsoleApi> = {}): ConsoleApi =>
  fakeApi({
    inbox: vi.fn(() =>
      Promise.resolve({
        conversations: [
          {
            conversation: { id: 5 },
            house: { id: 9, name: 'Sanne' },
            profile: jeroen,
            num_unread_messages: 1,
            last_message: message({ id: 2, from_me: false, text: 'Hallo Sanne', created_at: '2026-11-20T10:01:00Z' }),
            waiting_since: '2026-11-20T10:01:00Z',
          },
        ],
      }),
    ),
    inboxThread: vi.fn(() => Promise.resolve(thread)),
    answer: vi.fn(() => Promise.resolve({ message: message({ id: 3, from_me: true, text: 'Leuk!', created_at: '2026-11-20T10:02:00Z' }) })),
    ...over,
  })

const show = (api: ConsoleApi, pollMs?: number) => showPage(i18nInstance, <Inbox api={api} pollMs={pollMs} />)

async function openFirst() {
  const list = await screen.findByRole('list', { name: 'Waiting for an answer' })
  await settle(() => fireEvent.click(list.querySelector('button')!))
  return screen.findByRole('heading', { name: 'Jeroen and Sanne' })
}

describe('Inbox', { timeout: 20_000 }, () => {
  it('opens a waiting conversation and answers as the house profile with a client_id', async () => {
    const api = inboxApi()
    show(api)
    await openFirst()
    expect(api.inboxThread).toHaveBeenCalledWith('lustlokaal', 5)
    expect(screen.getByText('Hallo Sanne')).toBeTruthy()
    expect(screen.getByText('ops@staff.example')).toBeTruthy()
    const send = screen.getByRole<HTMLButtonElement>('button', { name: 'Send' })
    expect(send.disabled).toBe(true)
    fireEvent.change(screen.getByLabelText('Answer as Sanne'), { target: { value: 'Leuk!' } })
    await settle(() => fireEvent.click(send))
    expect(api.answer).toHaveBeenCalledWith('lustlokaal', 5, 'Leuk!', expect.stringMatching(/.+/))
    expect((await screen.findByRole('status')).textContent).toBe('Sent.')
    await waitFor(() => expect(api.inbox).toHaveBeenCalledTimes(2))
  })

  it('keeps the client_id of a failed send for the retry, and a new one after it went', async () => {
    const answer = vi
      .fn<ConsoleApi['answer']>()
      .mockRejectedValueOnce(new ConsoleError(0, 'network', 'network'))
      .mockResolvedValue({ message: message({ id: 3, from_me: true, text: 'x', created_at: '2026-11-20T10:02:00Z' }) })
    const api = inboxApi({ answer })
    show(api)
    await openFirst()
    const box = screen.getByLabelText('Answer as Sanne')
    fireEvent.change(box, { target: { value: 'Leuk!' } })
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Send' })))
    expect((await screen.findByRole('alert')).textContent).toBe('The console cannot reach the server. Check your connection and try again.')
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Send' })))
    fireEvent.change(box, { target: { value: 'Nog eentje' } })
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Send' })))
    const ids = answer.mock.calls.map((c) => c[3])
    expect(ids[0]).toBe(ids[1])
    expect(ids[2]).not.toBe(ids[1])
  })

  it('shows a new waiting conversation and a new message in the open one by itself', async () => {
    const first = await inboxApi().inbox('lustlokaal')
    const inbox = vi.fn<ConsoleApi['inbox']>().mockResolvedValueOnce({ conversations: [] }).mockResolvedValue(first)
    const later = { ...thread, messages: [...thread.messages, message({ id: 4, from_me: false, text: 'Ben je er nog?', created_at: '2026-11-20T10:05:00Z' })] }
    const inboxThread = vi.fn<ConsoleApi['inboxThread']>().mockResolvedValueOnce(thread).mockResolvedValue(later)
    show(inboxApi({ inbox, inboxThread }), 25)
    expect(await screen.findByText('No conversation is waiting for an answer.')).toBeTruthy()
    await openFirst()
    expect(await screen.findByText('Ben je er nog?')).toBeTruthy()
    expect(inboxThread.mock.calls.every((c) => c[0] === 'lustlokaal' && c[1] === 5)).toBe(true)
  })

  it('asks one request at a time and stops asking when it is gone', async () => {
    let pending = 0
    let most = 0
    const inbox = vi.fn<ConsoleApi['inbox']>(async () => {
      pending++
      most = Math.max(most, pending)
      await new Promise((r) => setTimeout(r, 40))
      pending--
      return { conversations: [] }
    })
    const view = show(inboxApi({ inbox }), 5)
    await waitFor(() => expect(inbox.mock.calls.length).toBeGreaterThan(3))
    expect(most).toBe(1)
    view.unmount()
    const calls = inbox.mock.calls.length
    await new Promise((r) => setTimeout(r, 120))
    expect(inbox.mock.calls.length).toBeLessThanOrEqual(calls + 1)
  })

  it('says when nothing is waiting', async () => {
    show(inboxApi({ inbox: vi.fn(() => Promise.resolve({ conversations: [] })) }))
    expect(await screen.findByText('No conversation is waiting for an answer.')).toBeTruthy()
  })
})
