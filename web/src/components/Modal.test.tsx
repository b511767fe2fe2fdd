import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { ThemeProvider } from 'styled-components'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { initI18n } from '../i18n/i18n'
import { buildTheme } from '../theme/theme'
import { Modal } from './Modal'

function Harness({ dismissible = true }: { dismissible?: boolean }) {
  const [open, setOpen] = useState(false)
  return (
    <ThemeProvider theme={buildTheme(null)}>
      <button type="button" data-testid="opener" onClick={() => setOpen(true)} />
      <Modal open={open} title="t" onClose={() => setOpen(false)} dismissible={dismissible}>
        <input data-testid="field" />
      </Modal>
    </ThemeProvider>
  )
}

beforeAll(async () => {
  await initI18n('en')
})
afterEach(() => cleanup())

describe('Modal', () => {
  it('gives the focus back to the opener when it closes', () => {
    render(<Harness />)
    const opener = screen.getByTestId('opener')
    opener.focus()
    fireEvent.click(opener)
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true)
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('closes on a backdrop click only when dismissible', () => {
    render(<Harness dismissible={false} />)
    fireEvent.click(screen.getByTestId('opener'))
    const dialog = screen.getByRole('dialog')
    fireEvent.mouseDown(dialog.parentElement!)
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(screen.getByRole('dialog')).toBeTruthy()
    cleanup()
    render(<Harness />)
    fireEvent.click(screen.getByTestId('opener'))
    fireEvent.mouseDown(screen.getByRole('dialog').parentElement!)
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
