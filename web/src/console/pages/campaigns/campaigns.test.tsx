import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import type { i18n } from 'i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ConsoleError, type CampaignState, type ConsoleApi } from '../../api'
import { initConsoleI18n } from '../../i18n'
import { fakeApi, permissionsOf } from '../../test/fakeApi'
import { showAt } from '../../test/render'
import { Campaigns } from './Campaigns'

let i18nInstance: i18n
beforeAll(async () => {
  i18nInstance = await initConsoleI18n()
})
afterEach(cleanup)

/** state is the engine's answer for a campaign of LustLokaal, sent to nobody yet unless over says so. */
const state = (over: Partial<CampaignState> = {}): CampaignState => ({
  type: 'promotions', key: '', audience: 1200, sent: 0, language: 'nl', starts_at: new Date().toISOString(), ...over,
})

const show = (api: ConsoleApi, role: 'operator' | 'superadmin' = 'operator') =>
  showAt(i18nInstance, permissionsOf(role), '/campaigns', '/campaigns', <Campaigns api={api} />)

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })

describe('campaigns', { timeout: 20_000 }, () => {
  it('previews the audience, asks before sending and follows the mails going out', async () => {
    let progress = state({ key: 'winter-2026', audience: 1000, sent: 200 })
    const campaign = vi.fn<ConsoleApi['campaign']>((_t, type, key) =>
      Promise.resolve(key === 'winter-2026' ? progress : state({ type, key, audience: type === 'news' ? 1300 : 1200 })),
    )
    const sendCampaign = vi.fn<ConsoleApi['sendCampaign']>(() =>
      Promise.resolve({ ...state({ key: 'winter-2026' }), text: 'x', path: '/credits', already_queued: false }),
    )
    show(fakeApi({ campaign, sendCampaign }))
    const audience = await screen.findByTestId('campaign-audience')
    await waitFor(() => expect(audience.textContent).toBe('1,200 members of LustLokaal would get it.'))
    fireEvent.change(screen.getByLabelText('Kind of mail'), { target: { value: 'news' } })
    await waitFor(() => expect(audience.textContent).toBe('1,300 members of LustLokaal would get it.'))
    fireEvent.change(screen.getByLabelText('Kind of mail'), { target: { value: 'promotions' } })
    expect(screen.getByText("Write it in the brand's language (nl); the mail around it is in each member's own language.")).toBeTruthy()
    fill('Campaign name', 'spring')
    fill('Message', 'Dit weekend 50% extra credits.')
    fill('Button leads to', '/credits')
    await waitFor(() => expect(campaign).toHaveBeenLastCalledWith('lustlokaal', 'promotions', 'spring'))

    fireEvent.click(screen.getByRole('button', { name: 'Send…' }))
    expect(screen.getByText('Send to 1,200 members of LustLokaal?')).toBeTruthy()
    expect(sendCampaign).not.toHaveBeenCalled()
    fill('Campaign name', 'winter-2026')
    // A change asks again.
    expect(screen.queryByRole('button', { name: 'Send now' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Send…' }))
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }))
    await waitFor(() =>
      expect(sendCampaign).toHaveBeenCalledWith('lustlokaal', { type: 'promotions', key: 'winter-2026', text: 'Dit weekend 50% extra credits.', path: '/credits' }),
    )
    const shown = await screen.findByTestId('campaign-progress')
    await waitFor(() => expect(shown.textContent).toBe('Queued for 1,200 members. Sent to 200 of 1,200.'))
    progress = state({ key: 'winter-2026', audience: 0, sent: 1200 })
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }))
    await waitFor(() => expect(shown.textContent).toBe('Queued for 1,200 members. Done: 1,200 members had it.'))
  })

  it('marks the field the engine refuses and says when the quiet hours hold it back', async () => {
    const morning = new Date(Date.now() + 9 * 3600_000).toISOString()
    const campaign = vi.fn<ConsoleApi['campaign']>(() => Promise.resolve(state({ audience: 1, sent: 3, starts_at: morning })))
    const sendCampaign = vi.fn<ConsoleApi['sendCampaign']>(() =>
      Promise.reject(new ConsoleError(422, 'campaign_path_invalid', 'The button\'s address is a path of the site, starting with /.')),
    )
    show(fakeApi({ campaign, sendCampaign }))
    const audience = await screen.findByTestId('campaign-audience')
    await waitFor(() => expect(audience.textContent).toMatch(/^1 member of LustLokaal would get it\. 3 members had it already\. It goes out after the quiet hours, from .+\.$/))
    fill('Campaign name', 'spring')
    fill('Message', 'Hallo')
    fill('Button leads to', 'credits')
    fireEvent.click(screen.getByRole('button', { name: 'Send…' }))
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }))
    expect((await screen.findByRole('alert')).textContent).toBe('The button leads to a page of the site: start with /.')
    expect(screen.getByLabelText('Button leads to').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByLabelText('Campaign name').getAttribute('aria-invalid')).toBeNull()
  })

  it('speaks Dutch and German with their plurals', async () => {
    for (const [lng, words] of [
      ['nl', '1.200 leden van LustLokaal zouden hem krijgen.'],
      ['de', '1.200 Mitglieder von LustLokaal würden sie bekommen.'],
    ] as const) {
      const other = i18nInstance.cloneInstance({ lng })
      showAt(other, permissionsOf('operator'), '/campaigns', '/campaigns', <Campaigns api={fakeApi({ campaign: vi.fn(() => Promise.resolve(state())) })} />)
      const audience = await screen.findByTestId('campaign-audience')
      await waitFor(() => expect(audience.textContent).toBe(words))
      cleanup()
    }
  })
})
