import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import type { i18n } from 'i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ConsoleError, type ConsoleApi, type HouseList, type HouseProfile } from '../../api'
import { initConsoleI18n } from '../../i18n'
import { HouseProfiles } from './HouseProfiles'
import { settle } from '../../../test/act'
import { fakeApi, sparkusa, tenant } from '../../test/fakeApi'
import { showPage } from '../../test/render'

let i18nInstance: i18n
beforeAll(async () => {
  i18nInstance = await initConsoleI18n()
})
afterEach(cleanup)

const sanne: HouseProfile = {
  id: 9,
  name: 'Sanne',
  age: 29,
  gender: 'female',
  seeking: 'male',
  sexuality: 'hetero',
  date_of_birth: '1997-03-01',
  country: 'NL',
  region: '',
  region_name: '',
  city: 'Utrecht',
  interests: [],
  hair_color: 'blonde',
  eye_color: '',
  body_type: '',
  relationship_status: '',
  tattoos: '',
  about_me: 'Hoi!',
  status: 'active',
  main_image: null,
  photos: [{ id: 70, status: 'active', url: '/media/a.jpg', thumb_url: '/media/a_t.jpg' }],
  last_active_at: '2026-11-20T10:00:00Z',
}

const list = (profiles: HouseProfile[]): HouseList => ({
  house_profiles: profiles,
  fictional: { warning: 'Some profiles are run by our team.', singular: 'Fantasy profile', plural: 'Fantasy profiles', icon: 'mask' },
  options: {
    gender: ['male', 'female'],
    seeking: ['male', 'female', 'both'],
    sexuality: ['hetero', 'gay', 'lesbian', 'bi'],
    hair_color: ['black', 'blonde'],
    eye_color: ['blue'],
    body_type: ['slim', 'full_figured'],
    relationship_status: ['single'],
    tattoos: ['none'],
  },
  countries: ['NL', 'BE'],
})

/** houseApi is the API with Sanne, the house profile of LustLokaal, and a second brand, over in place of its calls. */
const houseApi = (over: Partial<ConsoleApi> = {}): ConsoleApi =>
  fakeApi({
    tenants: vi.fn(() => Promise.resolve([tenant(), sparkusa()])),
    houseProfiles: vi.fn(() => Promise.resolve(list([sanne]))),
    houseProfile: vi.fn(() => Promise.resolve({ house_profile: sanne })),
    createHouse: vi.fn(() => Promise.resolve({ house_profile: { ...sanne, id: 10, name: 'Fleur', photos: [] } })),
    updateHouse: vi.fn((_t: string, _id: number, f: Partial<HouseProfile>) => Promise.resolve({ house_profile: { ...sanne, ...f } })),
    setHouseStatus: vi.fn((_t: string, _id: number, status: 'active' | 'hidden') => Promise.resolve({ house_profile: { ...sanne, status } })),
    addHousePhoto: vi.fn<ConsoleApi['addHousePhoto']>(() => Promise.resolve({ photo: { id: 71, status: 'active', url: '/media/b.jpg', thumb_url: '/media/b_t.jpg' } })),
    deleteHousePhoto: vi.fn(() => Promise.resolve(null)),
    ...over,
  })

const show = (api: ConsoleApi) => showPage(i18nInstance, <HouseProfiles api={api} />)

describe('HouseProfiles', { timeout: 20_000 }, () => {
  it("lists the brand's house profiles with its fictional marker, and follows the brand picker", async () => {
    const api = houseApi()
    show(api)
    const items = await screen.findByRole('list', { name: 'House profiles of this brand' }, { timeout: 5000 })
    expect(within(items).getByText('Sanne')).toBeTruthy()
    expect(within(items).getByText('29 · Utrecht, NL')).toBeTruthy()
    expect(screen.getByText(/marks every house profile of this brand as “Fantasy profile”/)).toBeTruthy()
    expect(api.houseProfiles).toHaveBeenCalledWith('lustlokaal')
    await settle(() => fireEvent.change(screen.getByLabelText('Brand'), { target: { value: 'sparkusa' } }))
    expect(api.houseProfiles).toHaveBeenLastCalledWith('sparkusa')
  })

  it('creates a house profile, then offers its photos', async () => {
    const api = houseApi({ houseProfiles: vi.fn(() => Promise.resolve(list([]))) })
    show(api)
    expect(await screen.findByText('This brand has no house profiles yet.', {}, { timeout: 5000 })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'New house profile' }))
    const form = screen.getByRole('form', { name: 'New house profile' })
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Fleur' } })
    fireEvent.change(within(form).getByLabelText('Date of birth'), { target: { value: '1995-05-05' } })
    fireEvent.change(within(form).getByLabelText('Country'), { target: { value: 'NL' } })
    fireEvent.change(within(form).getByLabelText('City'), { target: { value: 'Utrecht' } })
    fireEvent.change(within(form).getByLabelText('Body type'), { target: { value: 'full_figured' } })
    expect(within(form).getByRole('option', { name: 'full figured' })).toBeTruthy()
    await settle(() => fireEvent.click(within(form).getByRole('button', { name: 'Create' })))
    expect(api.createHouse).toHaveBeenCalledWith(
      'lustlokaal',
      expect.objectContaining({ name: 'Fleur', gender: 'female', date_of_birth: '1995-05-05', country: 'NL', city: 'Utrecht', body_type: 'full_figured' }),
    )
    expect((api.createHouse as ReturnType<typeof vi.fn>).mock.calls[0][1]).not.toHaveProperty('seeking')
    expect((await screen.findByRole('status')).textContent).toMatch(/^Created/)
    expect(screen.getByRole('heading', { name: 'Edit Fleur' })).toBeTruthy()
    expect(screen.getByLabelText('Add a photo (JPEG, PNG or WebP)')).toBeTruthy()
    expect(api.houseProfiles).toHaveBeenCalledTimes(2)
  })

  it("names each refused field with the engine's code and changes nothing else", async () => {
    const createHouse = vi.fn(() =>
      Promise.reject(
        new ConsoleError(422, 'field_required', 'name is required.', {
          field: 'name',
          fields: [
            { field: 'name', error: 'field_required', message: 'name is required.' },
            { field: 'date_of_birth', error: 'date_of_birth', message: 'Enter your date of birth (18+)' },
          ],
        }),
      ),
    )
    show(houseApi({ createHouse }))
    fireEvent.click(await screen.findByRole('button', { name: 'New house profile' }))
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Create' })))
    expect((await screen.findByRole('alert')).textContent).toBe('Some fields need another look.')
    const name = screen.getByLabelText('Name')
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(name.getAttribute('aria-describedby')!)!.textContent).toBe('Required.')
    const born = screen.getByLabelText('Date of birth')
    expect(document.getElementById(born.getAttribute('aria-describedby')!)!.textContent).toBe('Too young or too old for this brand.')
    expect(screen.getByLabelText('City').getAttribute('aria-invalid')).toBeNull()
  })

  it('edits, uploads and removes photos, and retires and restores a house profile', async () => {
    const api = houseApi()
    show(api)
    const edit = await screen.findByRole('button', { name: 'Edit Sanne' }, { timeout: 5000 })
    await settle(() => fireEvent.click(edit))
    const form = screen.getByRole('form', { name: 'Edit Sanne' })
    fireEvent.change(within(form).getByLabelText('City'), { target: { value: 'Zwolle' } })
    await settle(() => fireEvent.click(within(form).getByRole('button', { name: 'Save' })))
    expect(api.updateHouse).toHaveBeenCalledWith('lustlokaal', 9, expect.objectContaining({ city: 'Zwolle', name: 'Sanne' }))
    expect((await screen.findByRole('status')).textContent).toBe('Saved.')

    expect(screen.getByRole('img', { name: 'Photo 1 of Sanne' })).toBeTruthy()
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'p.jpg', { type: 'image/jpeg' })
    await settle(() => fireEvent.change(screen.getByLabelText('Add a photo (JPEG, PNG or WebP)'), { target: { files: [file] } }))
    expect(api.addHousePhoto).toHaveBeenCalledWith('lustlokaal', 9, file)
    expect((await screen.findByRole('status')).textContent).toBe('Photo added.')
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Remove photo 1' })))
    expect(api.deleteHousePhoto).toHaveBeenCalledWith('lustlokaal', 9, 70)

    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Retire' })))
    expect(api.setHouseStatus).toHaveBeenCalledWith('lustlokaal', 9, 'hidden')
    expect((await screen.findByRole('status')).textContent).toBe('Retired.')
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Show again' })))
    expect(api.setHouseStatus).toHaveBeenLastCalledWith('lustlokaal', 9, 'active')
  })

  it("words a refused upload by the engine's code", async () => {
    const addHousePhoto = vi.fn(() => Promise.reject(new ConsoleError(403, 'console_forbidden', 'no')))
    show(houseApi({ addHousePhoto }))
    const edit = await screen.findByRole('button', { name: 'Edit Sanne' }, { timeout: 5000 })
    await settle(() => fireEvent.click(edit))
    const file = new File([new Uint8Array([1])], 'p.jpg', { type: 'image/jpeg' })
    await settle(() => fireEvent.change(screen.getByLabelText('Add a photo (JPEG, PNG or WebP)'), { target: { files: [file] } }))
    expect((await screen.findByRole('alert')).textContent).toBe('Your role does not allow this.')
  })
})
