// The console's building blocks: plain, accessible, one column below 576 px.
import styled, { createGlobalStyle } from 'styled-components'

export const colors = {
  ink: '#1d2430',
  muted: '#5b6474',
  line: '#d5dae3',
  page: '#f4f6f9',
  card: '#ffffff',
  accent: '#2455c3',
  accentInk: '#ffffff',
  danger: '#a3261b',
  focus: '#f0b429',
}

export const ConsoleStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    font: 16px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
    color: ${colors.ink};
    background: ${colors.page};
    overflow-wrap: anywhere;
  }
  :focus-visible { outline: 3px solid ${colors.focus}; outline-offset: 2px; }
`

export const Narrow = styled.main`
  max-width: 420px;
  margin: 48px auto;
  padding: 0 16px;
`

export const Card = styled.section`
  background: ${colors.card};
  border: 1px solid ${colors.line};
  border-radius: 8px;
  padding: 20px;
`

export const Heading = styled.h1`
  font-size: 1.375rem;
  margin: 0 0 16px;
`

export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  margin-bottom: 14px;
  label { font-weight: 600; }
  small { color: ${colors.muted}; }
`

export const Input = styled.input`
  font: inherit;
  padding: 10px 12px;
  border: 1px solid ${colors.line};
  border-radius: 6px;
  width: 100%;
  &[aria-invalid='true'] { border-color: ${colors.danger}; }
`

export const Button = styled.button<{ $quiet?: boolean }>`
  font: inherit;
  font-weight: 600;
  padding: 10px 16px;
  min-height: 44px;
  border-radius: 6px;
  border: 1px solid ${(p) => (p.$quiet ? colors.line : colors.accent)};
  background: ${(p) => (p.$quiet ? colors.card : colors.accent)};
  color: ${(p) => (p.$quiet ? colors.ink : colors.accentInk)};
  cursor: pointer;
  &:disabled { opacity: 0.6; cursor: default; }
`

export const Alert = styled.p`
  color: ${colors.danger};
  margin: 0 0 14px;
  font-weight: 600;
`

export const Muted = styled.p`
  color: ${colors.muted};
  margin: 0 0 14px;
`

export const Code = styled.code`
  display: block;
  font: 1.125rem/1.4 ui-monospace, SFMono-Regular, Menlo, monospace;
  letter-spacing: 0.08em;
  padding: 10px 12px;
  background: ${colors.page};
  border-radius: 6px;
  margin-bottom: 8px;
  word-break: break-all;
`

/** CardList lays out a page's cards (orders, codes, brands, staff) one under the other. */
export const CardList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
`

/** Facts shows a card's name/value pairs as a two-column description list. */
export const Facts = styled.dl`
  margin: 0 0 12px;
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 12px;
  dt { color: ${colors.muted}; }
  dd { margin: 0; }
`
