import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import type { i18n } from 'i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ConsoleError, type AuditEntry, type ConsoleApi } from '../../api'
import { initConsoleI18n } from '../../i18n'
import { showAt } from '../../test/render'
import { Audit, pageSize } from './Audit'
import { diff } from './diff'
import { settle } from '../../../test/act'
import { fakeApi, permissionsOf } from '../../test/fakeApi'

let i18nInstance: i18n
beforeAll(async () => {
  i18nInstance = await initConsoleI18n()
})
afterEach(cleanup)

const entry = (id: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2026-11-20T10:00:00Z',
  staff_id: 1,
  email: 'boss@staff.example',
  tenant: 'lustlokaal',
  action: 'credits.correct',
  ip: '127.0.0.1',
  before: { member_id: 42, balance: 30 },
  after: { member_id: 42, balance: 50, delta: 20, reason: 'goodwill' },
  ...over,
})

const show = (api: ConsoleApi) => showAt(i18nInstance, permissionsOf('superadmin'), '/audit', '/audit', <Audit api={api} />)

describe('diff', () => {
  it('flattens before and after into the paths that changed', () => {
    expect(diff({ a: 1, b: { c: 'x', d: [1, 2] } }, { a: 1, b: { c: 'y', d: [1] }, e: null })).toEqual({
      lines: [
        { path: 'b.c', before: 'x', after: 'y', change: 'changed' },
        { path: 'b.d[1]', before: '2', change: 'removed' },
        { path: 'e', after: 'null', change: 'added' },
      ],
      same: 2,
    })
    expect(diff(null, { roles: [] }).lines).toEqual([{ path: 'roles', after: '[]', change: 'added' }])
  })
})

describe('audit log page', { timeout: 20_000 }, () => {
  it('shows the newest entries with their changes as a diff', async () => {
    const api = fakeApi({ audit: vi.fn(() => Promise.resolve({ entries: [entry(10)] })) })
    show(api)
    const list = await screen.findByRole('list', { name: 'Audit log entries, newest first' })
    expect(api.audit).toHaveBeenCalledWith({ limit: pageSize })
    const card = within(list).getByRole('region', { name: '2026-11-20 10:00:00 · credits.correct' })
    expect(within(card).getByText(/By boss@staff.example · on lustlokaal · 127.0.0.1/)).toBeTruthy()
    const rows = within(within(card).getByRole('table', { name: 'Changes of credits.correct' })).getAllByRole('row').slice(1)
    expect(rows.map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ['balance', '30', '50'],
      ['delta', '—', '20'],
      ['reason', '—', 'goodwill'],
    ])
    expect(within(card).getByText('1 field unchanged.')).toBeTruthy()
  })

  it('searches by staff member, brand, action and days, and pages on to older entries', async () => {
    const full = Array.from({ length: pageSize }, (_, i) => entry(500 - i))
    const audit = vi.fn<ConsoleApi['audit']>((f) => Promise.resolve({ entries: f.before_id ? [entry(1)] : full }))
    show(fakeApi({ audit }))
    await screen.findByRole('list', { name: 'Audit log entries, newest first' })
    await screen.findByRole('option', { name: 'member.ban' })
    fireEvent.change(screen.getByLabelText("Staff member's e-mail"), { target: { value: ' ops@staff.example ' } })
    fireEvent.change(screen.getByLabelText('Brand'), { target: { value: 'lustlokaal' } })
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'member.ban' } })
    fireEvent.change(screen.getByLabelText('From day'), { target: { value: '2026-11-01' } })
    fireEvent.change(screen.getByLabelText('To day'), { target: { value: '2026-11-30' } })
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Search' })))
    const filter = { email: 'ops@staff.example', tenant: 'lustlokaal', action: 'member.ban', from: '2026-11-01', to: '2026-11-30' }
    expect(audit).toHaveBeenLastCalledWith({ ...filter, limit: pageSize })
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Older entries' })))
    expect(audit).toHaveBeenLastCalledWith({ ...filter, before_id: 500 - pageSize + 1, limit: pageSize })
    const list = screen.getByRole('list', { name: 'Audit log entries, newest first' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(pageSize + 1)
    // A short page is the last one.
    expect(screen.queryByRole('button', { name: 'Older entries' })).toBeNull()
  })

  it('names the system for rows no staff member made, and filters by the actions the log holds', async () => {
    const api = fakeApi({ audit: vi.fn(() => Promise.resolve({ entries: [entry(11, { staff_id: null, email: '', ip: '', action: 'demo.seed' })] })) })
    show(api)
    const list = await screen.findByRole('list', { name: 'Audit log entries, newest first' })
    expect(within(list).getByText(/^By the system · on lustlokaal$/)).toBeTruthy()
    expect(screen.queryByText(/nobody/)).toBeNull()
    const action = screen.getByLabelText<HTMLSelectElement>('Action')
    expect(action.tagName).toBe('SELECT')
    await screen.findByRole('option', { name: 'member.ban' })
    expect([...action.options].map((o) => o.value)).toEqual(['', 'credits.correct', 'login', 'member.ban'])
  })

  it('words a refused filter and says when nothing is found', async () => {
    const audit = vi
      .fn<ConsoleApi['audit']>()
      .mockResolvedValueOnce({ entries: [] })
      .mockRejectedValueOnce(new ConsoleError(422, 'query_invalid', 'bad', { field: 'from' }))
    show(fakeApi({ audit }))
    expect(await screen.findByText('No entries.')).toBeTruthy()
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Search' })))
    expect((await screen.findByRole('alert')).textContent).toBe('A filter is not valid. Check the days.')
  })
})
