import { Suspense, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import styled from 'styled-components'
import { lazyPage } from '../app/lazyPage'
import { afterFirstRender } from '../boot/firstRender'
import { ChevronDown, Icon } from './Icon'
import { color, radius, space } from '../theme/theme'

export interface DropdownItem {
  key: string
  label: ReactNode
  /** to makes the item a link; otherwise onSelect runs. */
  to?: string
  onSelect?: () => void
  current?: boolean
  lang?: string
}

const Wrap = styled.div`
  position: relative;
  display: inline-block;
`

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${space(1)};
  min-height: 40px;
  padding: ${space(1)} ${space(3)};
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  background: ${color.surface};
  color: ${color.text};
  font: inherit;
  cursor: pointer;
`

// The open menu is a chunk of its own: a first screen shows the buttons
// closed, so it is fetched once the first render is in (a menu opened
// before it has come shows when it comes).
const Menu = lazyPage(afterFirstRender(() => import('./DropdownMenu')), 'DropdownMenu')

export interface DropdownProps {
  label: ReactNode
  /** accessibleLabel names the trigger for screen readers when label is short. */
  accessibleLabel?: string
  items: DropdownItem[]
  align?: 'left' | 'right'
  testId?: string
}

/**
 * Dropdown is a menu button: Enter, Space or the arrow keys open it, the
 * arrows, Home and End move, Escape closes it and returns the focus, Tab
 * leaves it.
 */
export function Dropdown({ label, accessibleLabel, items, align = 'left', testId }: DropdownProps) {
  const [open, setOpen] = useState(false)
  const [focusIndex, setFocusIndex] = useState(0)
  const id = useId()
  const wrap = useRef<HTMLDivElement>(null)
  const trigger = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    void Menu.preload()
  }, [])

  const openAt = (i: number) => {
    setFocusIndex((i + items.length) % items.length)
    setOpen(true)
  }
  const close = (refocus: boolean) => {
    setOpen(false)
    if (refocus) trigger.current?.focus()
  }

  const onTriggerKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') {
      e.preventDefault()
      openAt(0)
    } else if (e.key === 'ArrowUp') {
      e.preventDefault()
      openAt(items.length - 1)
    }
  }

  return (
    <Wrap ref={wrap} data-testid={testId}>
      <Trigger
        ref={trigger}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-label={accessibleLabel}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onTriggerKey}
      >
        {label}
        <Icon icon={ChevronDown} size="1em" />
      </Trigger>
      {open && (
        <Suspense fallback={null}>
          <Menu id={`${id}-menu`} items={items} align={align} wrap={wrap} focusIndex={focusIndex} setFocusIndex={setFocusIndex} close={close} />
        </Suspense>
      )}
    </Wrap>
  )
}
