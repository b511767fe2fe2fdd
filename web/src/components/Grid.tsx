import styled, { css } from 'styled-components'
import { breakpoints, containerWidths, gridColumns, media, space, type Breakpoint } from '../theme/theme'

/** Container: full width below 576 px, then 540/720/960/1140 px. */
export const Container = styled.div`
  width: 100%;
  margin: 0 auto;
  padding: 0 ${space(3)};
  ${(Object.keys(breakpoints) as Breakpoint[]).map(
    (bp) => css`
      ${media(bp)} {
        max-width: ${containerWidths[bp]}px;
      }
    `,
  )}
`

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  margin: 0 -${space(3)};
`

type Spans = Partial<Record<'xs' | Breakpoint, number>>

const width = (span: number, cols: number) => `${(span / cols) * 100}%`

/** Col spans n of the theme's 12 columns, per breakpoint. */
export const Col = styled.div<{ $span?: Spans }>`
  padding: 0 ${space(3)};
  flex: 0 0 ${(p) => width(p.$span?.xs ?? gridColumns, gridColumns)};
  max-width: ${(p) => width(p.$span?.xs ?? gridColumns, gridColumns)};
  ${(p) =>
    (Object.keys(breakpoints) as Breakpoint[])
      .filter((bp) => p.$span?.[bp])
      .map(
        (bp) => css`
          ${media(bp)} {
            flex: 0 0 ${width(p.$span![bp]!, gridColumns)};
            max-width: ${width(p.$span![bp]!, gridColumns)};
          }
        `,
      )}
`
