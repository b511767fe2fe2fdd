import type { MouseEvent, ReactNode } from 'react'
import { NavLink } from 'react-router'
import styled from 'styled-components'
import { Badge, type BadgeTone } from '../components/Badge'
import { below, color, radius, space } from '../theme/theme'

export const NavList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(1)};
  margin: 0;
  padding: 0;
  list-style: none;
  ${below('md')} {
    li[data-wide-only] {
      display: none;
    }
  }
`

const Item = styled(NavLink)`
  display: inline-flex;
  align-items: center;
  gap: ${space(1)};
  min-height: 40px;
  padding: ${space(1)} ${space(3)};
  border-radius: ${radius.md};
  color: ${color.onPrimary};
  font-weight: 600;
  text-decoration: none;
  white-space: nowrap;
  ${below('sm')} {
    padding: ${space(1)} ${space(2)};
  }
  &:hover {
    background: rgba(255, 255, 255, 0.15);
  }
  &.active {
    background: rgba(0, 0, 0, 0.18);
  }
`

export interface NavLinkItemProps {
  to: string
  label: ReactNode
  badge?: string | null
  badgeTone?: BadgeTone
  /** badgeLabel is read by screen readers instead of the bare number. */
  badgeLabel?: string
  testId?: string
  /** wideOnly leaves the item out on phones, where the tab bar has it. */
  wideOnly?: boolean
  onClick?: (e: MouseEvent<HTMLAnchorElement>) => void
}

export function NavLinkItem({ to, label, badge, badgeTone, badgeLabel, testId, wideOnly, onClick }: NavLinkItemProps) {
  return (
    <li data-wide-only={wideOnly || undefined}>
      <Item to={to} data-testid={testId} onClick={onClick}>
        <span>{label}</span>
        {badge && (
          <>
            <Badge $tone={badgeTone ?? 'primary'} aria-hidden="true" data-testid={testId ? `${testId}-badge` : undefined} data-tone={badgeTone ?? 'primary'}>
              {badge}
            </Badge>
            {badgeLabel && <span className="visually-hidden">{badgeLabel}</span>}
          </>
        )}
      </Item>
    </li>
  )
}
