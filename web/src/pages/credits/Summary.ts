import styled from 'styled-components'

/** Summary is an order's facts (package, amount, account...) as a list of terms and values. */
export const Summary = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, auto) minmax(0, 1fr);
  gap: ${(p) => p.theme.space(1)} ${(p) => p.theme.space(4)};
  margin: 0 0 ${(p) => p.theme.space(4)};
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`

/** ErrorText is a refusal or failure said in the page's text. */
export const ErrorText = styled.p`
  color: ${(p) => p.theme.colors.danger};
  font-weight: 600;
`
