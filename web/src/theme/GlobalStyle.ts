import { createGlobalStyle } from 'styled-components'

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    min-height: 100vh;
    font-family: ${(p) => p.theme.fonts.body};
    font-size: 16px;
    line-height: 1.5;
    color: ${(p) => p.theme.colors.text};
    background: ${(p) => p.theme.colors.background};
  }
  h1, h2, h3, h4 {
    font-family: ${(p) => p.theme.fonts.heading};
    font-weight: ${(p) => p.theme.type.headingWeight};
    text-transform: ${(p) => p.theme.type.headingTransform};
    letter-spacing: ${(p) => p.theme.type.headingSpacing};
    line-height: 1.2;
    margin: 0 0 ${(p) => p.theme.space(3)};
  }
  a { color: ${(p) => p.theme.colors.link}; }
  a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, [tabindex]:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.secondary};
    outline-offset: 2px;
  }
  img { max-width: 100%; }
  .visually-hidden {
    position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
  }
`
