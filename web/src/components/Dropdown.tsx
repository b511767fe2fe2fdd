import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { Link } from 'react-router'
import styled, { css } from 'styled-components'
import { ChevronDown, Icon } from './Icon'
import { color, radius, space, zIndex } from '../theme/theme'

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

const Menu = styled.ul<{ $align: 'left' | 'right' }>`
  position: absolute;
  top: calc(100% + 4px);
  ${(p) => (p.$align === 'right' ? 'right: 0;' : 'left: 0;')}
  z-index: ${zIndex.dropdown};
  min-width: 180px;
  margin: 0;
  padding: ${space(1)} 0;
  list-style: none;
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  background: ${color.surface};
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.18);
`

const itemStyle = css<{ $current?: boolean }>`
  display: block;
  width: 100%;
  padding: ${space(2)} ${space(4)};
  border: 0;
  background: transparent;
  color: ${color.text};
  font: inherit;
  font-weight: ${(p) => (p.$current ? 700 : 400)};
  text-align: left;
  text-decoration: none;
  cursor: pointer;
  &:hover,
  &:focus {
    background: ${color.background};
    outline: none;
  }
`

const ItemLink = styled(Link)<{ $current?: boolean }>`
  ${itemStyle}
`
const ItemButton = styled.button<{ $current?: boolean }>`
  ${itemStyle}
`

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
  const itemRefs = useRef<(HTMLElement | null)[]>([])

  useEffect(() => {
    if (open) itemRefs.current[focusIndex]?.focus()
  }, [open, focusIndex])

  useEffect(() => {
    if (!open) return
    const onDown = (e: MouseEvent) => {
      if (wrap.current && !wrap.current.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', onDown)
    return () => document.removeEventListener('mousedown', onDown)
  }, [open])

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

  const onMenuKey = (e: KeyboardEvent<HTMLUListElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault()
        setFocusIndex((i) => (i + 1) % items.length)
        break
      case 'ArrowUp':
        e.preventDefault()
        setFocusIndex((i) => (i - 1 + items.length) % items.length)
        break
      case 'Home':
        e.preventDefault()
        setFocusIndex(0)
        break
      case 'End':
        e.preventDefault()
        setFocusIndex(items.length - 1)
        break
      case 'Escape':
        e.preventDefault()
        close(true)
        break
      case 'Tab':
        setOpen(false)
        break
    }
  }

  const select = (item: DropdownItem) => {
    close(!item.to)
    item.onSelect?.()
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
        <Menu id={`${id}-menu`} role="menu" $align={align} onKeyDown={onMenuKey}>
          {items.map((item, i) => (
            <li role="none" key={item.key}>
              {item.to ? (
                <ItemLink
                  role="menuitem"
                  tabIndex={-1}
                  to={item.to}
                  ref={(el) => {
                    itemRefs.current[i] = el
                  }}
                  $current={item.current}
                  lang={item.lang}
                  onClick={() => select(item)}
                >
                  {item.label}
                </ItemLink>
              ) : (
                <ItemButton
                  role="menuitem"
                  type="button"
                  tabIndex={-1}
                  ref={(el) => {
                    itemRefs.current[i] = el
                  }}
                  $current={item.current}
                  aria-current={item.current ? 'true' : undefined}
                  lang={item.lang}
                  onClick={() => select(item)}
                >
                  {item.label}
                </ItemButton>
              )}
            </li>
          ))}
        </Menu>
      )}
    </Wrap>
  )
}
