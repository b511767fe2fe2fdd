import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { i18n } from 'i18next'
import { I18nextProvider } from 'react-i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ConsoleError, call, type ConsoleApi, type Grant, type StaffAnswer } from './api'
import { ConsoleApp } from './App'
import { errorText } from './errors'
import { sourceFiles } from '../test/sources'
import { consoleCatalogue, consoleCatalogues, consoleLanguages, initConsoleI18n } from './i18n'
import { settle } from '../test/act'
import { complaint, fakeApi, moderationMember, moderationPhoto, order, signedIn, sparkusa, staffMember, tenant } from './test/fakeApi'

let i18nInstance: i18n
beforeAll(async () => {
  i18nInstance = await initConsoleI18n()
})
afterEach(cleanup)

type Tree = { [k: string]: string | Tree }
function flat(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : flat(v, `${prefix}${k}.`)))
}

function show(api: ConsoleApi, path = '/admin/') {
  window.history.replaceState(null, '', path)
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
    for (const file of sourceFiles(__dirname, /\.tsx?$/)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z][\w.-]*)'/g)) used.add(m[1])
    }
    expect([...used].filter((k) => !keys.has(k))).toEqual([])
    expect(used.size).toBeGreaterThan(30)
    for (const role of ['superadmin', 'operator', 'moderator', 'support', 'chat_operator', 'finance', 'affiliate_manager']) {
      expect(keys.has(`console.roles.${role}`), role).toBe(true)
    }
  })

  it('has every key in English, Dutch and German, with the same placeholders, each translated', () => {
    const entries = (tree: Tree, prefix = ''): [string, string][] =>
      Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : entries(v, `${prefix}${k}.`)))
    const en = new Map(entries(consoleCatalogues.en))
    const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort()
    for (const lng of ['nl', 'de'] as const) {
      const other = new Map(entries(consoleCatalogues[lng]))
      expect([...en.keys()].filter((k) => !other.has(k)), `missing in ${lng}`).toEqual([])
      expect([...other.keys()].filter((k) => !en.has(k)), `only in ${lng}`).toEqual([])
      for (const [key, text] of en) expect(placeholders(other.get(key) ?? ''), `${lng} ${key}`).toEqual(placeholders(text))
      // Translated, not copied: most texts differ from the English ones.
      const same = [...en].filter(([key, text]) => other.get(key) === text && /[a-z]{4}/.test(text))
      expect(same.length / en.size, `${lng} copies ${same.map(([k]) => k).join(', ')}`).toBeLessThan(0.1)
    }
    expect(consoleLanguages.map((l) => l.code)).toEqual(Object.keys(consoleCatalogues))
  })

  it('loads data through the one data layer: no page keeps its own "let live" flag', () => {
    const own = sourceFiles(join(__dirname, '..'), /\.tsx?$/).filter((f) => !/\.test\.tsx?$/.test(f) && /let live = true/.test(readFileSync(f, 'utf8')))
    expect(own).toEqual([])
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
    expect(fetcher.mock.calls[1][0]).toBe('/admin/api/me')
  })
})

describe('ConsoleApp', { timeout: 20_000 }, () => {
  it('asks for the code when the engine wants one, then shows the brands', async () => {
    const login = vi
      .fn<ConsoleApi['login']>()
      .mockRejectedValueOnce(new ConsoleError(401, 'totp_required', ''))
      .mockResolvedValueOnce(signedIn('superadmin'))
    const api = fakeApi({ login })
    show(api)
    fireEvent.change(await screen.findByLabelText('E-mail address'), { target: { value: 'boss@staff.example' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret password' } })
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Log in' })))
    const code = await screen.findByLabelText('Code from your authenticator app')
    fireEvent.change(code, { target: { value: '123456' } })
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Log in' })))
    expect(login).toHaveBeenLastCalledWith('boss@staff.example', 'secret password', '123456')
    expect(await screen.findByRole('heading', { name: 'LustLokaal' })).toBeTruthy()
    expect(screen.getByRole('navigation', { name: 'Console' })).toBeTruthy()
  })

  it('shows a wrong password as the engine words it', async () => {
    const api = fakeApi({ login: vi.fn(() => Promise.reject(new ConsoleError(401, 'login_failed', ''))) })
    show(api)
    fireEvent.change(await screen.findByLabelText('E-mail address'), { target: { value: 'a@b.example' } })
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Log in' })))
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed, please try again')
  })

  it('sets up the second factor before anything else', async () => {
    const api = fakeApi({ me: vi.fn(() => Promise.resolve({ staff: staffMember({ totp_enabled: false, totp_enrolment_required: true }), permissions: [] })) })
    show(api)
    expect(await screen.findByRole('heading', { name: 'Set up your second factor' })).toBeTruthy()
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Show the key' })))
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSWY3DPEHPK3PXP')
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '654321' } })
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Turn on' })))
    expect(api.confirmTOTP).toHaveBeenCalledWith('654321')
    await waitFor(() => expect(api.today).toHaveBeenCalled())
  })
})

describe('console roles', { timeout: 20_000 }, () => {
  const navLinks = async () => {
    const nav = await screen.findByRole('navigation', { name: 'Console' })
    return within(nav).getAllByRole('link').map((a) => a.textContent)
  }

  it.each<[Grant['role'], string[]]>([
    ['superadmin', ['Today', 'Members', 'Campaigns', 'Moderation', 'Flagged', 'Inbox', 'House profiles', 'Money', 'Discount codes', 'Brands', 'Reports', 'Traffic']],
    ['operator', ['Today', 'Members', 'Campaigns', 'Moderation', 'Flagged', 'Inbox', 'House profiles', 'Money', 'Discount codes', 'Brands', 'Reports', 'Traffic']],
    ['moderator', ['Today', 'Members', 'Moderation', 'Flagged', 'Brands']],
    ['support', ['Today', 'Members', 'Moderation', 'Flagged', 'Brands']],
    ['chat_operator', ['Today', 'Inbox', 'Brands']],
    ['finance', ['Today', 'Members', 'Money', 'Discount codes', 'Brands', 'Reports', 'Traffic']],
    ['affiliate_manager', ['Today', 'Brands', 'Reports', 'Traffic']],
  ])('the navigation of the role %s lists only the pages the policy gives', async (role, pages) => {
    show(fakeApi({ me: vi.fn(() => Promise.resolve(signedIn(role, 'lustlokaal'))) }))
    expect(await navLinks()).toEqual(pages)
  })

  it('shows a page reached by its address without the permission as not allowed, and calls nothing of it', async () => {
    const api = fakeApi({ me: vi.fn(() => Promise.resolve(signedIn('support'))) })
    show(api, '/admin/orders')
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('Your role does not give you this page. Ask a superadmin if you need it.')
    expect(await navLinks()).not.toContain('Orders')
    expect(api.orders).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('link', { name: 'Back to Today' }))
    expect(await screen.findByRole('heading', { name: 'LustLokaal' })).toBeTruthy()
  })

  it('refuses the new brand page to roles without tenants:write on every brand', async () => {
    show(fakeApi({ me: vi.fn(() => Promise.resolve(signedIn('operator', 'lustlokaal'))) }), '/admin/tenants/new')
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeTruthy()
  })

  it('keeps a chosen language on the account and speaks it at once', async () => {
    const api = fakeApi({ me: vi.fn(() => Promise.resolve(signedIn('superadmin'))) })
    const own = await initConsoleI18n()
    window.history.replaceState(null, '', '/admin/')
    render(
      <I18nextProvider i18n={own}>
        <ConsoleApp api={api} />
      </I18nextProvider>,
    )
    expect(await navLinks()).toContain('Today')
    await settle(() => fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'nl' } }))
    expect(api.setLanguage).toHaveBeenCalledWith('nl')
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Console' }).textContent).toContain('Vandaag'))
    expect(within(screen.getByRole('navigation', { name: 'Console' })).getAllByRole('link').map((a) => a.textContent)).toContain('Leden')
    expect(screen.getByLabelText<HTMLSelectElement>('Taal').value).toBe('nl')
    expect(document.documentElement.lang).toBe('nl')
  })

  it('opens in the language kept on the account', async () => {
    const own = await initConsoleI18n()
    const api = fakeApi({ me: vi.fn(() => Promise.resolve({ ...signedIn('superadmin'), staff: staffMember({ language: 'de' }) })) })
    window.history.replaceState(null, '', '/admin/')
    render(
      <I18nextProvider i18n={own}>
        <ConsoleApp api={api} />
      </I18nextProvider>,
    )
    const nav = await screen.findByRole('navigation', { name: 'Konsole' })
    expect(within(nav).getAllByRole('link').map((a) => a.textContent).slice(0, 3)).toEqual(['Heute', 'Mitglieder', 'Kampagnen'])
    expect(await screen.findByText('1 Foto wartet')).toBeTruthy()
  })

  it('lists Staff and Audit to who holds them on every brand', async () => {
    show(fakeApi({ me: vi.fn(() => Promise.resolve(signedIn('superadmin'))) }))
    expect(await navLinks()).toEqual(['Today', 'Members', 'Campaigns', 'Moderation', 'Flagged', 'Inbox', 'House profiles', 'Money', 'Discount codes', 'Brands', 'Reports', 'Traffic', 'Staff', 'Audit log'])
  })

  it('shows the brand links each role may follow', async () => {
    show(fakeApi({ me: vi.fn(() => Promise.resolve(signedIn('moderator', 'lustlokaal'))) }), '/admin/tenants')
    expect(await screen.findByRole('heading', { name: 'LustLokaal' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'New brand' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Brand LustLokaal' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Export as a tenant file' })).toBeTruthy()
    cleanup()
    show(fakeApi({ me: vi.fn(() => Promise.resolve(signedIn('operator', 'lustlokaal'))) }), '/admin/tenants')
    expect(await screen.findByRole('link', { name: 'Brand LustLokaal' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'New brand' })).toBeNull()
    cleanup()
    show(fakeApi({ me: vi.fn(() => Promise.resolve(signedIn('superadmin'))) }), '/admin/tenants')
    expect(await screen.findByRole('link', { name: 'New brand' })).toBeTruthy()
  })

  it('lets support look at the photo queue, complaints and members without the moderators\' buttons', async () => {
    const open = complaint()
    const api = fakeApi({
      me: vi.fn(() => Promise.resolve(signedIn('support', 'lustlokaal'))),
      photoQueue: vi.fn(() => Promise.resolve({ photos: [photo(1)], photo_moderation: true })),
      complaints: vi.fn(() => Promise.resolve({ complaints: [open] })),
      complaint: vi.fn(() => Promise.resolve({ complaint: open, member: member(), photos: [] })),
      findMembers: vi.fn(() => Promise.resolve({ members: [member()] })),
    })
    show(api, '/admin/moderation')
    const card = await screen.findByRole('listitem', { name: 'Photo 1 of Anna1' })
    expect(within(card).queryByRole('button')).toBeNull()
    expect(document.getElementById('photo-keys')).toBeNull()
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Open complaint 7' })))
    const detail = await screen.findByRole('region', { name: 'Complaint 7' })
    // Support moves no complaint; it may read (logged) the conversation the complaint is about.
    expect(within(detail).queryAllByRole('button').map((b) => b.textContent)).toEqual(['Read the conversation'])
    fireEvent.change(screen.getByLabelText('Member id, e-mail address or name'), { target: { value: 'anna' } })
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Find' })))
    const anna = await screen.findByRole('region', { name: 'Anna (#42)' })
    expect(within(anna).queryByRole('button')).toBeNull()
    // A moderator of the brand has them.
    cleanup()
    show(fakeApi({ ...api, me: vi.fn(() => Promise.resolve(signedIn('moderator', 'lustlokaal'))) }), '/admin/moderation')
    const theirs = await screen.findByRole('listitem', { name: 'Photo 1 of Anna1' })
    expect(within(theirs).getByRole('button', { name: 'Approve' })).toBeTruthy()
  })

  it('offers refunds only to roles with money:write', async () => {
    const orders = vi.fn(() => Promise.resolve({ orders: [order()] }))
    show(fakeApi({ me: vi.fn(() => Promise.resolve(signedIn('operator'))), orders }), '/admin/orders')
    expect(await screen.findByRole('heading', { name: 'Order 7' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Refund order 7' })).toBeNull()
    cleanup()
    show(fakeApi({ me: vi.fn(() => Promise.resolve(signedIn('finance', 'lustlokaal'))), orders }), '/admin/orders')
    expect(await screen.findByRole('button', { name: 'Refund order 7' })).toBeTruthy()
  })

  it('offers on a page only the brands where its permission holds', async () => {
    const two: StaffAnswer = {
      staff: staffMember({ roles: [{ role: 'finance', tenant: 'sparkusa' }, { role: 'moderator', tenant: 'lustlokaal' }] }),
      permissions: [...signedIn('finance', 'sparkusa').permissions, ...signedIn('moderator', 'lustlokaal').permissions],
    }
    const tenants = vi.fn<ConsoleApi['tenants']>(() => Promise.resolve([tenant(), sparkusa()]))
    const api = fakeApi({ me: vi.fn(() => Promise.resolve(two)), tenants })
    show(api, '/admin/orders')
    await waitFor(() => expect(api.orders).toHaveBeenCalledWith('sparkusa', undefined))
    const brands = screen.getByLabelText<HTMLSelectElement>('Brand').options
    expect([...brands].map((o) => o.value)).toEqual(['sparkusa'])
    expect(await navLinks()).toEqual(['Today', 'Members', 'Moderation', 'Flagged', 'Money', 'Discount codes', 'Brands', 'Reports', 'Traffic'])
    cleanup()
    show(api, '/admin/moderation')
    await waitFor(() => expect(api.photoQueue).toHaveBeenCalledWith('lustlokaal', 0))
    expect([...screen.getByLabelText<HTMLSelectElement>('Brand').options].map((o) => o.value)).toEqual(['lustlokaal'])
    expect(api.photoQueue).not.toHaveBeenCalledWith('sparkusa', 0)
  })
})

/** photo is a photo in the moderation queue, of Anna1, Anna2, … */
const photo = (id: number) => moderationPhoto(id, { profile_id: 40 + id, profile_name: `Anna${id}`, created_at: '2026-11-23T10:00:00Z' })

/** member is Anna, member 42. */
const member: typeof moderationMember = (over = {}) => moderationMember({ email: 'anna@example.com', name: 'Anna', ...over })

describe('console moderation', { timeout: 20_000 }, () => {
  const moderator = () => Promise.resolve(signedIn('moderator', 'lustlokaal'))

  it('shows the photo cards; A approves and R rejects with the reason, a refusal is worded and focus moves on', async () => {
    const approvePhoto = vi.fn<ConsoleApi['approvePhoto']>(() => Promise.resolve({ photo: { ...photo(1), status: 'active' } }))
    const rejectPhoto = vi
      .fn<ConsoleApi['rejectPhoto']>()
      .mockRejectedValueOnce(new ConsoleError(403, 'console_forbidden', 'no'))
      .mockResolvedValueOnce({ photo: { ...photo(2), status: 'rejected', reject_reason: 'Not you' } })
    const withOthers = { ...photo(1), age: 31, brand: 'LustLokaal', other_photos: [moderationPhoto(9, { status: 'active' })] }
    const api = fakeApi({ me: vi.fn(moderator), photoQueue: vi.fn(() => Promise.resolve({ photos: [withOthers, photo(2)], photo_moderation: true })), approvePhoto, rejectPhoto })
    show(api, '/admin/moderation')
    const queue = await screen.findByRole('list', { name: 'Photos waiting for approval' })
    expect(api.photoQueue).toHaveBeenCalledWith('lustlokaal', 0)
    expect(api.chatPhotoQueue).toHaveBeenCalledWith('lustlokaal', 0)
    expect(document.getElementById('photo-keys')?.textContent).toBe('Keys: A approve · R reject · J next · K previous · X select')
    const first = within(queue).getByRole('listitem', { name: 'Photo 1 of Anna1' })
    expect(first.textContent).toContain('Anna1, 31')
    expect(first.textContent).toContain('LustLokaal')
    expect(within(first).getByRole('img', { name: 'Photo 9 (Visible to others)' })).toBeTruthy()

    first.focus()
    await settle(() => fireEvent.keyDown(first, { key: 'a' }))
    expect(approvePhoto).toHaveBeenCalledWith('lustlokaal', 1)
    expect(screen.queryByRole('listitem', { name: 'Photo 1 of Anna1' })).toBeNull()
    expect(screen.getByText('1 photo approved.')).toBeTruthy()

    const second = screen.getByRole('listitem', { name: 'Photo 2 of Anna2' })
    fireEvent.change(screen.getByLabelText('Reason for rejecting (the member sees it)'), { target: { value: ' ' } })
    await settle(() => fireEvent.keyDown(second, { key: 'r' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Give the member a reason for rejecting.')
    expect(rejectPhoto).not.toHaveBeenCalled()
    fireEvent.change(screen.getByLabelText('Reason for rejecting (the member sees it)'), { target: { value: ' Not you ' } })
    await settle(() => fireEvent.keyDown(second, { key: 'r' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Your role does not allow this.')
    expect(screen.getByRole('listitem', { name: 'Photo 2 of Anna2' })).toBeTruthy()
    await settle(() => fireEvent.keyDown(second, { key: 'r' }))
    expect(rejectPhoto).toHaveBeenLastCalledWith('lustlokaal', 2, 'Not you')
    expect(screen.getByText('No photo is waiting.')).toBeTruthy()
  })

  it('shows the next page of a full queue after the last photo shown, and no button once the queue ends', async () => {
    const page = Array.from({ length: 50 }, (_, i) => photo(i + 1))
    const photoQueue = vi.fn<ConsoleApi['photoQueue']>((_, after) =>
      Promise.resolve({ photos: after === 0 ? page : [photo(51)], photo_moderation: true }),
    )
    const api = fakeApi({ me: vi.fn(moderator), photoQueue })
    show(api, '/admin/moderation')
    const queue = await screen.findByRole('list', { name: 'Photos waiting for approval' })
    expect(within(queue).getAllByRole('listitem', { name: /^Photo \d+ of / })).toHaveLength(50)
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Show more photos' })))
    expect(photoQueue).toHaveBeenLastCalledWith('lustlokaal', 50)
    expect(api.chatPhotoQueue).toHaveBeenCalledTimes(1)
    expect(within(queue).getAllByRole('listitem', { name: /^Photo \d+ of / })).toHaveLength(51)
    expect(within(queue).getByRole('listitem', { name: 'Photo 51 of Anna51' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Show more photos' })).toBeNull()
  })

  it('approves the selected photos, profile and chat ones, one call each', async () => {
    const approvePhoto = vi.fn<ConsoleApi['approvePhoto']>((_, id) => Promise.resolve({ photo: { ...photo(id), status: 'active' } }))
    const approveChatPhoto = vi.fn<ConsoleApi['approveChatPhoto']>((_, id) => Promise.resolve({ photo: { message_id: id, sender_id: 5, status: 'active' } }))
    const chat = {
      message_id: 77, conversation_id: 3, sender_id: 5, sender_name: 'Bert', age: 40, brand: 'LustLokaal', recipient_id: 6,
      recipient_name: 'Cora', status: 'pending' as const, url: '/media/c.jpg', thumb_url: '/media/c_t.jpg', sent_at: '2026-11-24T10:00:00Z', other_photos: [],
    }
    const api = fakeApi({
      me: vi.fn(moderator), approvePhoto, approveChatPhoto,
      photoQueue: vi.fn(() => Promise.resolve({ photos: [photo(1), photo(2)], photo_moderation: true })),
      chatPhotoQueue: vi.fn(() => Promise.resolve({ photos: [chat], photo_moderation: true })),
    })
    show(api, '/admin/moderation')
    const chatCard = await screen.findByRole('listitem', { name: 'Chat photo 77 of Bert' })
    expect(chatCard.textContent).toContain('Sent to Cora in chat')
    fireEvent.click(within(chatCard).getByRole('checkbox', { name: 'Select' }))
    fireEvent.click(within(screen.getByRole('listitem', { name: 'Photo 1 of Anna1' })).getByRole('checkbox', { name: 'Select' }))
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Approve 2 selected' })))
    expect(approvePhoto).toHaveBeenCalledTimes(1)
    expect(approvePhoto).toHaveBeenCalledWith('lustlokaal', 1)
    expect(approveChatPhoto).toHaveBeenCalledWith('lustlokaal', 77)
    expect(screen.getByText('2 photos approved.')).toBeTruthy()
    expect(screen.getAllByRole('listitem', { name: /photo/i }).map((li) => li.getAttribute('aria-label'))).toEqual(['Photo 2 of Anna2'])
  })

  it('lists complaints by state, opens one and moves it on', async () => {
    const open = complaint()
    const complaints = vi.fn<ConsoleApi['complaints']>((_, status) => Promise.resolve({ complaints: status === 'open' ? [open] : [] }))
    const setComplaintStatus = vi.fn<ConsoleApi['setComplaintStatus']>(() => Promise.resolve({ complaint: { ...open, status: 'in_progress' } }))
    const api = fakeApi({
      me: vi.fn(moderator),
      complaints,
      complaint: vi.fn(() => Promise.resolve({ complaint: open, member: member(), photos: [] })),
      setComplaintStatus,
    })
    show(api, '/admin/moderation')
    const item = await screen.findByRole('button', { name: 'Open complaint 7' })
    await settle(() => fireEvent.click(item))
    const detail = await screen.findByRole('region', { name: 'Complaint 7' })
    expect(detail.textContent).toContain('Not a real person')
    expect(detail.textContent).toContain('About Anna (#42)')
    await settle(() => fireEvent.click(within(detail).getByRole('button', { name: 'Move to: In progress' })))
    expect(setComplaintStatus).toHaveBeenCalledWith('lustlokaal', 7, 'in_progress')
    expect(screen.getByText('Complaint 7 is now In progress.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Open complaint 7' })).toBeNull()
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'resolved' } })
    await waitFor(() => expect(complaints).toHaveBeenLastCalledWith('lustlokaal', 'resolved'))
    expect(await screen.findByText('No complaint in this state.')).toBeTruthy()
  })

  it('bans a member only after the confirm, with the reason', async () => {
    const banMember = vi.fn<ConsoleApi['banMember']>(() => Promise.resolve({ member: member({ status: 'banned', banned_at: '2026-11-23T11:00:00Z' }) }))
    const api = fakeApi({ me: vi.fn(moderator), findMembers: vi.fn(() => Promise.resolve({ members: [member()] })), banMember })
    show(api, '/admin/moderation')
    fireEvent.change(await screen.findByLabelText('Member id, e-mail address or name'), { target: { value: 'anna@example.com' } })
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Find' })))
    expect(api.findMembers).toHaveBeenCalledWith('lustlokaal', 'anna@example.com')
    const card = await screen.findByRole('region', { name: 'Anna (#42)' })
    fireEvent.change(within(card).getByLabelText('Reason or warning text'), { target: { value: 'Spam' } })
    fireEvent.click(within(card).getByRole('button', { name: 'Ban' }))
    expect(banMember).not.toHaveBeenCalled()
    const confirm = within(card).getByRole('alertdialog')
    expect(confirm.textContent).toContain('Ban Anna for good?')
    await settle(() => fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, ban' })))
    expect(banMember).toHaveBeenCalledWith('lustlokaal', 42, 'Spam')
    expect(within(card).getByText('Banned')).toBeTruthy()
    expect(within(card).queryByRole('alertdialog')).toBeNull()
  })
})
