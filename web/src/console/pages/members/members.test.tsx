import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { i18n } from 'i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ConsoleError, type ConsoleApi, type Grant, type MemberNote, type MemberView, type ModerationPhoto } from '../../api'
import { initConsoleI18n } from '../../i18n'
import { ComplaintConversation } from './ComplaintConversation'
import { MemberPage } from './MemberPage'
import { MembersSearch } from './MembersSearch'
import { showAt } from '../../test/render'
import { settle } from '../../../test/act'
import { complaint, fakeApi, memberView, moderationMember as member, moderationPhoto, order, permissionsOf } from '../../test/fakeApi'

let i18nInstance: i18n
beforeAll(async () => {
  i18nInstance = await initConsoleI18n()
})
afterEach(cleanup)

const photo = (id: number, status: ModerationPhoto['status'], over: Partial<ModerationPhoto> = {}) => moderationPhoto(id, { status, ...over })

/** memberApi is the API with Jeroen, his photos and his money, over in place of its calls; the page reloads him as the last change left him. */
const memberApi = (over: Partial<ConsoleApi> = {}): ConsoleApi => {
  let current = member()
  const changed = (m: ReturnType<typeof member>) => {
    current = m
    return Promise.resolve({ member: m })
  }
  return fakeApi({
    member: vi.fn(() =>
      Promise.resolve(memberView({ member: current, photos: [photo(1, 'active'), photo(2, 'pending'), photo(3, 'rejected', { reject_reason: 'Not you' })] })),
    ),
    memberMoney: vi.fn<ConsoleApi['memberMoney']>(() =>
      Promise.resolve({
        member_id: 42,
        balance: 30,
        ledger: [{ id: 9, delta: -10, balance_after: 30, kind: 'message', reference: 'message:5', note: '', created_at: '2026-11-20T10:00:00Z' }],
        orders: [order({ created_at: '2026-11-19T10:00:00Z', completed_at: null })],
      }),
    ),
    correctCredits: vi.fn(() => Promise.resolve({ member_id: 42, delta: 20, balance_before: 30, balance_after: 50 })),
    rejectPhoto: vi.fn((_t: string, id: number, reason: string) => Promise.resolve({ photo: photo(id, 'rejected', { reject_reason: reason }) })),
    approvePhoto: vi.fn((_t: string, id: number) => Promise.resolve({ photo: photo(id, 'active') })),
    warnMember: vi.fn(() => Promise.resolve({ member: member(), warning: 'x' })),
    suspendMember: vi.fn(() => changed(member({ suspended_until: '2026-12-01T10:00:00Z' }))),
    banMember: vi.fn(() => changed(member({ banned_at: '2026-11-24T10:00:00Z' }))),
    ...over,
  })
}

function show(api: ConsoleApi, role: Grant['role'], address = '/members/lustlokaal/42') {
  return showAt(i18nInstance, permissionsOf(role, 'lustlokaal'), '/members/:tenant/:id', address, <MemberPage api={api} />)
}

describe('member page', { timeout: 20_000 }, () => {
  it('shows the profile, every photo, the state actions and, for an operator, the money read only', async () => {
    const api = memberApi()
    show(api, 'operator')
    expect(await screen.findByRole('heading', { name: 'Jeroen (#42)' })).toBeTruthy()
    expect(api.member).toHaveBeenCalledWith('lustlokaal', 42)
    expect(screen.getByText('jeroen@example.com')).toBeTruthy()
    const photos = screen.getByRole('list', { name: 'Photos' })
    expect(within(photos).getAllByRole('listitem')).toHaveLength(3)
    expect(within(photos).getByText('Reason: Not you')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Take down' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Ban' })).toBeTruthy()
    expect(await screen.findByText('Balance: 30 credits')).toBeTruthy()
    expect(api.memberMoney).toHaveBeenCalledWith('lustlokaal', 42)
    expect(screen.getByRole('table', { name: 'Ledger' })).toBeTruthy()
    expect(screen.getByRole('table', { name: 'Orders' })).toBeTruthy()
    // Operators read money but do not correct it.
    expect(screen.queryByRole('heading', { name: 'Correct the credits' })).toBeNull()
  })

  it('takes down a visible photo with a reason the member sees', async () => {
    const api = memberApi()
    show(api, 'moderator')
    await screen.findByRole('heading', { name: 'Jeroen (#42)' })
    const takeDown = screen.getByRole<HTMLButtonElement>('button', { name: 'Take down' })
    expect(takeDown.disabled).toBe(true)
    fireEvent.change(screen.getByLabelText('Reason for taking it down (the member sees it)'), { target: { value: 'Nudity' } })
    await settle(() => fireEvent.click(takeDown))
    expect(api.rejectPhoto).toHaveBeenCalledWith('lustlokaal', 1, 'Nudity')
    expect(await screen.findByText('Photo 1 taken down.')).toBeTruthy()
    expect(screen.getByText('Reason: Nudity')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Take down' })).toBeNull()
  })

  it('bans after a confirm, with the actions shared with the moderation page', async () => {
    const api = memberApi()
    show(api, 'moderator')
    await screen.findByRole('heading', { name: 'Jeroen (#42)' })
    fireEvent.change(screen.getByLabelText('Reason or warning text'), { target: { value: 'Spam' } })
    fireEvent.click(screen.getByRole('button', { name: 'Ban' }))
    expect(api.banMember).not.toHaveBeenCalled()
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Yes, ban' })))
    expect(api.banMember).toHaveBeenCalledWith('lustlokaal', 42, 'Spam')
    expect(await screen.findByText('Banned')).toBeTruthy()
  })

  it.each(['support', 'moderator'] as const)('gives a %s no money section and never calls the money API', async (role) => {
    const api = memberApi()
    show(api, role)
    await screen.findByRole('heading', { name: 'Jeroen (#42)' })
    expect(screen.queryByRole('heading', { name: 'Credits and orders' })).toBeNull()
    expect(api.memberMoney).not.toHaveBeenCalled()
  })

  it('shows support the photos without the moderators\' actions', async () => {
    show(memberApi(), 'support')
    await screen.findByRole('heading', { name: 'Jeroen (#42)' })
    expect(screen.queryByRole('button', { name: 'Take down' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Ban' })).toBeNull()
  })

  it('books a credit correction for finance and words the engine\'s refusal', async () => {
    const correctCredits = vi
      .fn<ConsoleApi['correctCredits']>()
      .mockRejectedValueOnce(new ConsoleError(409, 'credits_below_zero', 'below zero', { balance: 30 }))
      .mockResolvedValueOnce({ member_id: 42, delta: 20, balance_before: 30, balance_after: 50 })
    const api = memberApi({ correctCredits })
    show(api, 'finance')
    await screen.findByRole('heading', { name: 'Correct the credits' })
    const book = screen.getByRole<HTMLButtonElement>('button', { name: 'Book the correction' })
    fireEvent.change(screen.getByLabelText('Credits to add (negative to take away)'), { target: { value: '-40' } })
    expect(book.disabled).toBe(true) // the reason is required
    fireEvent.change(screen.getByLabelText('Reason (kept in the ledger and the audit log)'), { target: { value: 'fraud' } })
    await settle(() => fireEvent.click(book))
    expect(correctCredits).toHaveBeenLastCalledWith('lustlokaal', 42, -40, 'fraud')
    expect((await screen.findByRole('alert')).textContent).toBe('This correction would leave the member with fewer than zero credits (balance 30).')
    fireEvent.change(screen.getByLabelText('Credits to add (negative to take away)'), { target: { value: '20' } })
    await settle(() => fireEvent.click(book))
    expect(correctCredits).toHaveBeenLastCalledWith('lustlokaal', 42, 20, 'fraud')
    expect(await screen.findByText('Corrected: the balance went from 30 to 50 credits.')).toBeTruthy()
    await waitFor(() => expect(api.memberMoney).toHaveBeenCalledTimes(2))
  })

  it('shows an unknown member as not found', async () => {
    const api = memberApi({ member: vi.fn(() => Promise.reject(new ConsoleError(404, 'member_not_found', 'x'))) })
    show(api, 'operator')
    expect((await screen.findByRole('alert')).textContent).toBe('There is no such member on this brand.')
    cleanup()
    show(api, 'operator', '/members/lustlokaal/abc')
    expect((await screen.findByRole('alert')).textContent).toBe('There is no such member on this brand.')
  })
})

describe('complaint conversation', { timeout: 20_000 }, () => {
  it('reads the conversation only on request, and says when there is none', async () => {
    const complaintConversation = vi
      .fn<ConsoleApi['complaintConversation']>()
      .mockRejectedValueOnce(new ConsoleError(404, 'conversation_none', 'none'))
      .mockResolvedValueOnce({
        complaint: complaint({ id: 3, category: 'message', profile_id: 9, member_id: 42, name: 'Jeroen', email: 'j@example.com', message: 'Rude' }),
        conversation: {
          member_id: 42,
          conversation: { id: 5 },
          profile: { id: 9, name: 'Rudy' },
          older_hidden: false,
          messages: [
            { id: 1, sender_id: 42, from_me: true, kind: 'text', text: 'Hello', created_at: '2026-11-20T09:00:00Z' },
            { id: 2, sender_id: 9, from_me: false, kind: 'text', text: 'Go away', created_at: '2026-11-20T09:01:00Z' },
          ],
        },
      })
    const api = memberApi({ complaintConversation })
    showAt(i18nInstance, permissionsOf('moderator'), '/', '/', <ComplaintConversation api={api} tenant="lustlokaal" complaint={3} reporter="Jeroen" />)
    expect(screen.getByText(/Every read is recorded in the audit log/)).toBeTruthy()
    expect(complaintConversation).not.toHaveBeenCalled()
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Read the conversation' })))
    expect((await screen.findByRole('alert')).textContent).toBe('These two members have no conversation.')
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Read the conversation' })))
    expect(complaintConversation).toHaveBeenCalledWith('lustlokaal', 3)
    const list = await screen.findByRole('list', { name: 'The conversation this complaint is about' })
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Jeroen · 2026-11-20 09:00Hello',
      'Rudy · 2026-11-20 09:01Go away',
    ])
  })
})

describe('member page facts and staff work', { timeout: 20_000 }, () => {
  /** fact is the text beside a term of the profile's facts. */
  const fact = (term: string) => {
    const dt = screen.getAllByText(term, { selector: 'dt' })[0]
    return dt.nextElementSibling?.textContent
  }

  it('names the brand, words the state once and shows age, gender, place and text', async () => {
    const api = memberApi()
    show(api, 'support')
    await screen.findByRole('heading', { name: 'Jeroen (#42)' })
    expect(fact('Brand')).toBe('LustLokaal')
    expect(fact('State')).toBe('Active')
    expect(fact('Age')).toBe('34')
    expect(fact('Gender')).toBe('Man')
    expect(fact('Place')).toBe('Utrecht, Utrecht, NL')
    expect(screen.getByText('Likes long walks.')).toBeTruthy()
    expect(fact('Conversations')).toBe('3')
  })

  it('lists each active session with its device, address and times, and ends them', async () => {
    let sessions: MemberView['sessions'] = [
      { device: 'Chrome on Android', address: '203.0.113.7', created_at: '2026-11-20T10:00:00Z', last_seen_at: '2026-11-21T08:30:00Z', expires: '2026-12-20T10:00:00Z' },
      { device: '', address: '', created_at: null, last_seen_at: null, expires: '2026-12-01T10:00:00Z' },
    ]
    const endSessions = vi.fn<ConsoleApi['endSessions']>(() => {
      sessions = []
      return Promise.resolve({ result: member() })
    })
    const api = memberApi({ member: vi.fn(() => Promise.resolve(memberView({ sessions }))), endSessions })
    show(api, 'support')
    const list = await screen.findByRole('list', { name: 'Active sessions' })
    const items = within(list).getAllByRole('listitem').map((li) => li.textContent)
    expect(items).toEqual([
      'Chrome on Androidfrom 203.0.113.7 · since 2026-11-20 10:00 · last seen 2026-11-21 08:30 · until 2026-12-20 10:00',
      'Unknown devicefrom an unknown address · since — · last seen — · until 2026-12-01 10:00',
    ])
    fireEvent.click(screen.getByRole('button', { name: 'Log out on every device' }))
    await waitFor(() => expect(endSessions).toHaveBeenCalledWith('lustlokaal', 42))
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Active sessions' })).toBeNull())
  })

  it('lists complaints about the member and adds a staff note', async () => {
    let notes: MemberNote[] = []
    const api = memberApi({
      member: vi.fn(() =>
        Promise.resolve(memberView({
          notes,
          complaints: [complaint({ id: 7, profile_id: 42, member_id: 9, name: 'Anna', message: 'Asks for money.' })],
        })),
      ),
      addNote: vi.fn((_t: string, _m: number, text: string) => {
        const n = { id: 1, member_id: 42, text, by: 'boss@staff.example', created_at: '2026-11-25T10:00:00Z' }
        notes = [n]
        return Promise.resolve({ result: n })
      }),
    })
    show(api, 'support')
    const table = await screen.findByRole('table', { name: 'Complaints' })
    expect(within(table).getByText('About this member, by Anna')).toBeTruthy()
    expect(within(table).getByText('Asks for money.')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Called about a refund.' } })
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Save the note' })))
    expect(api.addNote).toHaveBeenCalledWith('lustlokaal', 42, 'Called about a refund.')
    const list = await screen.findByRole('list', { name: 'Staff notes' })
    expect(within(list).getByText('Called about a refund.')).toBeTruthy()
  })

  it('ends a suspension early with a reason; a moderator gets no customer-service actions', async () => {
    const api = memberApi({
      member: vi.fn(() => Promise.resolve(memberView({ member: member({ suspended_until: '2026-12-01T10:00:00Z' }) }))),
      liftMember: vi.fn(() => Promise.resolve({ result: member() })),
    })
    show(api, 'moderator')
    await screen.findByRole('heading', { name: 'End the suspension early' })
    expect(fact('State')).toBe('Suspended until 2026-12-01 10:00')
    const lift = screen.getByRole<HTMLButtonElement>('button', { name: 'End the suspension' })
    expect(lift.disabled).toBe(true)
    fireEvent.change(screen.getByLabelText('Reason (mailed to the member)'), { target: { value: 'Apologised.' } })
    await settle(() => fireEvent.click(lift))
    expect(api.liftMember).toHaveBeenCalledWith('lustlokaal', 42, 'Apologised.')
    expect(await screen.findByText('Done: the member can log in again and has been told by mail.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Log out on every device' })).toBeNull()
    expect(screen.queryByLabelText('Note')).toBeNull()
  })
})

describe('member search', { timeout: 20_000 }, () => {
  it('finds members on every brand and links to their page', async () => {
    const api = fakeApi({
      searchMembers: vi.fn(() => Promise.resolve({ members: [{ ...member(), tenant: 'lustlokaal', brand: 'LustLokaal' }] })),
    })
    showAt(i18nInstance, permissionsOf('support'), '/members', '/members', <MembersSearch api={api} />)
    fireEvent.change(screen.getByLabelText('Search members'), { target: { value: ' jeroen@example.com ' } })
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Search' })))
    expect(api.searchMembers).toHaveBeenCalledWith('jeroen@example.com')
    const table = await screen.findByRole('table', { name: 'Members found' })
    const link = within(table).getByRole<HTMLAnchorElement>('link', { name: 'Jeroen (#42)' })
    expect(link.getAttribute('href')).toBe('/members/lustlokaal/42')
    expect(within(table).getByText('LustLokaal')).toBeTruthy()
    expect(within(table).getByText('Active')).toBeTruthy()
  })
})

describe('member invoices and direct debit', { timeout: 20_000 }, () => {
  it('lists invoices and lets finance block direct debit with a reason', async () => {
    const api = memberApi({
      memberInvoices: vi.fn(() =>
        Promise.resolve({ invoices: [{ number: 'LM-000001', order_id: 1, issued_at: '2026-11-20T10:00:00Z', amount: 1995, currency: 'EUR', credits: 100, method: 'ideal', refunded: false }] }),
      ),
      directDebit: vi.fn(() => Promise.resolve({ member_id: 42, blocked: true, reason: 'chargeback' })),
    })
    show(api, 'finance')
    const table = await screen.findByRole('table', { name: 'Invoices' })
    expect(within(table).getByText('LM-000001')).toBeTruthy()
    expect(within(table).getByText('19.95 EUR')).toBeTruthy()
    const block = screen.getByRole<HTMLButtonElement>('button', { name: 'Block direct debit' })
    expect(block.disabled).toBe(true)
    fireEvent.change(screen.getByLabelText('Reason for a block (kept with it and in the audit log)'), { target: { value: 'chargeback' } })
    await settle(() => fireEvent.click(block))
    expect(api.directDebit).toHaveBeenCalledWith('lustlokaal', 42, true, 'chargeback')
    expect(await screen.findByText('The member can no longer pay by direct debit.')).toBeTruthy()
  })
})
