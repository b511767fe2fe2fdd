import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import type { i18n } from 'i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ConsoleApi, FlagEvidence } from '../../api'
import { initConsoleI18n } from '../../i18n'
import { Flagged } from './Flagged'
import { fakeApi } from '../../test/fakeApi'
import { showPage } from '../../test/render'

let i18nInstance: i18n
beforeAll(async () => {
  i18nInstance = await initConsoleI18n()
})
afterEach(cleanup)

const photo = (name: string, tenant: string, url: string) => ({
  member_id: name === 'Anna' ? 7 : 3,
  name,
  tenant,
  url,
  source: 'profile' as const,
  banned: tenant === 'sparkusa',
  uploaded_at: '2026-11-29T05:00:00Z',
})

const evidence: FlagEvidence = {
  flag: { id: 11, member_id: 7, name: 'Anna', score: 110, signals: ['link', 'photo_match'], created_at: '2026-11-29T05:00:00Z' },
  status: 'open',
  signals: [
    { kind: 'photo_match', weight: 100, message_ids: [], photo: photo('Anna', 'lustlokaal', '/media/a.jpg'), match: photo('Bea', 'sparkusa', '/media/b.jpg'), distance: 2, created_at: '2026-11-29T05:00:00Z' },
    { kind: 'link', weight: 10, message_ids: [91], created_at: '2026-11-29T05:01:00Z' },
  ],
  messages: [{ id: 91, kind: 'text', body: 'see www.example.com', recipient_id: 5, recipient_name: 'Jeroen', sent_at: '2026-11-29T05:01:00Z' }],
}

const flaggedApi = (over: Partial<ConsoleApi> = {}): ConsoleApi =>
  fakeApi({
    flags: vi.fn(() =>
      Promise.resolve({
        flags: [evidence.flag],
        settings: { threshold: 100, weights: { link: 10, photo_match: 100 }, repeat_members: 10, repeat_minutes: 2 },
      }),
    ),
    flagEvidence: vi.fn(() => Promise.resolve(evidence)),
    decideFlag: vi.fn(() => Promise.resolve({})),
    banMember: vi.fn(() => Promise.resolve({ member: {} as never })),
    ...over,
  })

describe('Flagged', () => {
  it('shows the brand rules, both photos of a match and only the flagged messages', async () => {
    const api = flaggedApi()
    showPage(i18nInstance, <Flagged api={api} />)
    await screen.findByText('Flagged at score:')
    fireEvent.click(await screen.findByRole('button', { name: 'Show the evidence on Anna' }))
    expect((await screen.findByRole('img', { name: 'Photo of Anna on lustlokaal' })).getAttribute('src')).toBe('/media/a.jpg')
    expect(screen.getByRole('img', { name: 'Photo of Bea on sparkusa' }).getAttribute('src')).toBe('/media/b.jpg')
    expect(screen.getByRole('heading', { name: '1 flagged message' }).tagName).toBe('H3')
    expect(screen.getByText('see www.example.com').tagName).toBe('LI')
    expect(api.flagEvidence).toHaveBeenCalledWith('lustlokaal', 11)
  })

  it('bans through the member action, then closes the flag as banned', async () => {
    const api = flaggedApi()
    showPage(i18nInstance, <Flagged api={api} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Show the evidence on Anna' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Ban' }))
    await screen.findByText('Anna was banned.')
    expect(api.banMember).toHaveBeenCalledWith('lustlokaal', 7, expect.stringContaining('Links'))
    await waitFor(() => expect(api.decideFlag).toHaveBeenCalledWith('lustlokaal', 11, 'banned'))
  })
})
