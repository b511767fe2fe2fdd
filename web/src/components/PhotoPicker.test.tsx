import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { ThemeProvider } from 'styled-components'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildTheme } from '../theme/theme'
import { PhotoPicker, type PhotoPickerProps } from './PhotoPicker'

afterEach(() => cleanup())

function picker(over: Partial<PhotoPickerProps> = {}) {
  const props: PhotoPickerProps = { label: 'Foto auswählen', changeLabel: 'Anderes Foto auswählen', onPick: vi.fn(), ...over }
  render(
    <ThemeProvider theme={buildTheme({ name: 'amber', colors: {} })}>
      <PhotoPicker {...props} />
    </ThemeProvider>,
  )
  return props
}

describe('the photo picker', () => {
  it('is a button in the page’s language that opens the hidden file input, which stays in the DOM out of the tab order', () => {
    const { onPick } = picker()
    const button = screen.getByRole('button', { name: 'Foto auswählen' })
    expect(screen.getAllByRole('button')).toHaveLength(1)
    const input = screen.getByTestId<HTMLInputElement>('photo-picker-input')
    expect(input.type).toBe('file')
    expect(input.className).toContain('visually-hidden')
    expect(input.style.display).not.toBe('none')
    expect(input.tabIndex).toBe(-1)
    const opened = vi.spyOn(input, 'click')
    fireEvent.click(button)
    expect(opened).toHaveBeenCalledTimes(1)

    const file = new File(['x'], 'me.jpg', { type: 'image/jpeg' })
    fireEvent.change(input, { target: { files: [file] } })
    expect(onPick).toHaveBeenCalledWith(file)
    expect(screen.queryByRole('img')).toBeNull()
  })

  it('shows the chosen photo with buttons to change and remove it', () => {
    const onRemove = vi.fn()
    picker({ preview: { src: '/p.jpg', alt: 'Dein Foto' }, removeLabel: 'Foto entfernen', onRemove })
    expect(screen.getByRole('img', { name: 'Dein Foto' }).getAttribute('src')).toBe('/p.jpg')
    expect(screen.queryByRole('button', { name: 'Foto auswählen' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Anderes Foto auswählen' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Foto entfernen' }))
    expect(onRemove).toHaveBeenCalledTimes(1)
  })

  it('offers nothing while disabled', () => {
    picker({ disabled: true, preview: { src: '/p.jpg', alt: 'Dein Foto' }, removeLabel: 'Foto entfernen', onRemove: vi.fn() })
    for (const b of screen.getAllByRole('button')) expect((b as HTMLButtonElement).disabled).toBe(true)
  })
})
