import styled from 'styled-components'
import { color, space } from '../../theme/theme'

// The credits pages' shared parts: the payment, direct debit, credits and
// repeat-order pages look alike where they show the same things.

/** Choices is a group of radio choices (payment methods, packages) with its legend. */
export const Choices = styled.fieldset`
  margin: 0 0 ${space(4)};
  padding: 0;
  border: 0;
  min-width: 0;
  legend {
    margin-bottom: ${space(2)};
    font-weight: 600;
  }
`

/**
 * Summary is an order's facts (package, amount, account...) as a list of
 * terms and values. A value keeps its width (up to 60% of the row) and a
 * long term wraps beside it, so a price or a method is never broken
 * between letters on a phone.
 */
export const Summary = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr) fit-content(60%);
  gap: ${space(1)} ${space(4)};
  margin: 0 0 ${space(4)};
  dt {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  dd {
    margin: 0;
    text-align: end;
    overflow-wrap: anywhere;
  }
`

/** ErrorText is a refusal or failure said in the page's text. */
export const ErrorText = styled.p`
  color: ${color.danger};
  font-weight: 600;
`
