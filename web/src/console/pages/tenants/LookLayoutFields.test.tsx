import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import type { i18n } from 'i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ConsoleApi, TenantFile } from '../../api'
import { initConsoleI18n } from '../../i18n'
import { fakeApi } from '../../test/fakeApi'
import { showPage } from '../../test/render'
import { LookLayoutFields, type Look } from './LookLayoutFields'

let i18nInstance: i18n
beforeAll(async () => {
  i18nInstance = await initConsoleI18n()
})
afterEach(cleanup)

describe('LookLayoutFields', () => {
  it("lists the engine's variants over the theme's choice and hands the layout on", async () => {
    const onChange = vi.fn<(look: Look) => void>()
    showPage(i18nInstance, <LookLayoutFields api={fakeApi()} slug="herzklopfen" theme="midnight" look={{ colors: { primary: '#123456' } }} onChange={onChange} />)
    const home = await screen.findByLabelText('Visitor home')
    const options = [...home.querySelectorAll('option')].map((o) => o.textContent)
    expect(options).toEqual(["The theme's (Split hero with the signup form)", 'Photo hero', 'Split hero with the signup form', "Members' grid first"])
    fireEvent.change(screen.getByLabelText('Profile card'), { target: { value: 'polaroid' } })
    // The colour overrides of the look pass through untouched.
    expect(onChange).toHaveBeenLastCalledWith({ colors: { primary: '#123456' }, layout: { card: 'polaroid' } })
    // The header and the footer over the theme's (midnight's centred logo).
    const header = screen.getByLabelText('Header')
    expect(header.querySelector('option')?.textContent).toBe("The theme's (Logo centred)")
    fireEvent.change(header, { target: { value: 'minimal' } })
    expect(onChange).toHaveBeenLastCalledWith({ colors: { primary: '#123456' }, layout: { header: 'minimal' } })
    expect([...screen.getByLabelText('Footer').querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      "The theme's (Links in a row)",
      'Links in a row',
      'Links in columns',
      'One short line',
    ])
    // The theme's sections, in order, with one left out.
    fireEvent.click(screen.getByLabelText('Members'))
    expect(onChange).toHaveBeenLastCalledWith({ colors: { primary: '#123456' }, layout: { sections: ['how', 'trust', 'cta'] } })
  })

  it('uploads a logo at once and hands on the address the engine stored it under', async () => {
    const upload = vi.fn<ConsoleApi['uploadLookImage']>(() =>
      Promise.resolve({
        file: { look: { logo: '/media/ab/ab12-logo.png' } } as unknown as TenantFile, preview_url: 'http://de.localhost/',
        choices: { locales: [], countries: [], payment_methods: [], themes: {} },
      }),
    )
    const onChange = vi.fn<(look: Look) => void>()
    showPage(i18nInstance, <LookLayoutFields api={fakeApi({ uploadLookImage: upload })} slug="herzklopfen" theme="midnight" look={{}} onChange={onChange} />)
    const input = await screen.findByLabelText('Logo')
    const file = new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })
    fireEvent.change(input, { target: { files: [file] } })
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ logo: '/media/ab/ab12-logo.png' }))
    expect(upload).toHaveBeenCalledWith('herzklopfen', 'logo', file)
  })

  it('refuses a file over the limit before sending it', async () => {
    const upload = vi.fn<ConsoleApi['uploadLookImage']>()
    showPage(i18nInstance, <LookLayoutFields api={fakeApi({ uploadLookImage: upload })} slug="herzklopfen" theme="midnight" look={{}} onChange={() => {}} />)
    const input = await screen.findByLabelText('Icon (favicon, home screen)')
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(300 * 1024)], 'big.png', { type: 'image/png' })] } })
    expect((await screen.findByRole('alert')).textContent).toBe('The image is larger than 256 kB.')
    expect(upload).not.toHaveBeenCalled()
  })

})
