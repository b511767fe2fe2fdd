import { createGlobalStyle } from 'styled-components'
import { color, cssVariables, font, space, typeset } from './theme'

export const GlobalStyle = createGlobalStyle`
  :root { ${(p) => cssVariables(p.theme)} }
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    min-height: 100vh;
    font-family: ${font.body};
    font-size: 16px;
    line-height: 1.5;
    color: ${color.text};
    background: ${color.background};
  }
  h1, h2, h3, h4 {
    font-family: ${font.heading};
    font-weight: ${typeset.headingWeight};
    text-transform: ${typeset.headingTransform};
    letter-spacing: ${typeset.headingSpacing};
    line-height: 1.2;
    margin: 0 0 ${space(3)};
  }
  a { color: ${color.link}; }
  a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, [tabindex]:focus-visible {
    outline: 3px solid ${color.secondary};
    outline-offset: 2px;
  }
  img { max-width: 100%; }
  .visually-hidden {
    position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
  }
`
