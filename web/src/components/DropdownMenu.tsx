import { useEffect, useRef, type Dispatch, type KeyboardEvent, type RefObject, type SetStateAction } from 'react'
import { Link } from 'react-router'
import styled, { css } from 'styled-components'
import type { DropdownItem } from './Dropdown'
import { color, radius, space, zIndex } from '../theme/theme'

// A Dropdown's open menu, a chunk of its own (Dropdown.tsx).

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

export interface DropdownMenuProps {
  id: string
  items: DropdownItem[]
  align: 'left' | 'right'
  /** wrap holds the button and the menu: a press outside it closes the menu. */
  wrap: RefObject<HTMLDivElement | null>
  focusIndex: number
  setFocusIndex: Dispatch<SetStateAction<number>>
  /** close closes the menu, with the focus back on the button when refocus. */
  close: (refocus: boolean) => void
}

/** DropdownMenu is the open menu: the focus on the item at focusIndex, the arrows, Home and End move it, Escape and Tab close the menu. */
export function DropdownMenu({ id, items, align, wrap, focusIndex, setFocusIndex, close }: DropdownMenuProps) {
  const itemRefs = useRef<(HTMLElement | null)[]>([])

  useEffect(() => {
    itemRefs.current[focusIndex]?.focus()
  }, [focusIndex])

  useEffect(() => {
    const onDown = (e: MouseEvent) => {
      if (wrap.current && !wrap.current.contains(e.target as Node)) close(false)
    }
    document.addEventListener('mousedown', onDown)
    return () => document.removeEventListener('mousedown', onDown)
  }, [wrap, close])

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
        close(false)
        break
    }
  }

  const select = (item: DropdownItem) => {
    close(!item.to)
    item.onSelect?.()
  }

  return (
    <Menu id={id} role="menu" $align={align} onKeyDown={onMenuKey}>
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
  )
}
