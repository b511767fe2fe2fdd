// The traffic tables' parts, shared by the staff's traffic page and an
// affiliate's own page: a panel, a wide table that scrolls in its own
// region, and the bounce rate in words.
import { useId, type ReactNode } from 'react'
import styled from 'styled-components'
import { Card, colors } from '../../ui'

export const Panel = styled(Card)`
  min-width: 0;
  margin-top: 16px;
  h2 { font-size: 1.125rem; margin: 0 0 8px; }
`

/** Scroll holds a wide table: it scrolls sideways inside the page, never the page itself. */
const Scroll = styled.div`
  max-width: 100%;
  overflow-x: auto;
  table { border-collapse: collapse; font-size: 0.875rem; min-width: 100%; }
  th, td { padding: 6px 8px; border-bottom: 1px solid ${colors.line}; text-align: left; white-space: nowrap; vertical-align: top; }
  td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
  thead th { color: ${colors.muted}; }
  tfoot th, tfoot td { font-weight: 700; border-top: 2px solid ${colors.ink}; }
  td.url { white-space: normal; word-break: break-all; min-width: 16em; }
  caption { text-align: left; color: ${colors.muted}; padding-bottom: 4px; }
`

/** ScrollTable is a table in its own scrolling region, reachable by keyboard and named by its caption. */
export function ScrollTable({ caption, children }: { caption: string; children: ReactNode }) {
  const id = useId()
  return (
    <Scroll role="region" aria-labelledby={id} tabIndex={0}>
      <table>
        <caption id={id}>{caption}</caption>
        {children}
      </table>
    </Scroll>
  )
}

/** bounceRate words a bounce rate (0 to 1) as a percentage, or a dash when no visit was measured. */
export function bounceRate(rate: number | null, locale: string): string {
  return rate === null ? '–' : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(rate)
}
