import { Fragment } from 'react'
import { Link } from 'react-router'
import styled from 'styled-components'
import type { InfoBlock, InfoInline } from './api'
import { color, space } from '../../theme/theme'

// Long words (e-mail addresses, VAT numbers) wrap instead of pushing the page sideways on a phone.
const Body = styled.div`
  max-width: 70ch;
  overflow-wrap: anywhere;
  h2 {
    margin: ${space(6)} 0 ${space(2)};
    font-size: 1.25rem;
  }
  h3 {
    margin: ${space(4)} 0 ${space(2)};
    font-size: 1.0625rem;
  }
  p,
  ul {
    margin: 0 0 ${space(3)};
    line-height: 1.6;
  }
  ul {
    padding-left: ${space(5)};
  }
  li + li {
    margin-top: ${space(1)};
  }
  a {
    color: ${color.link};
  }
`

function Runs({ runs }: { runs: InfoInline[] | undefined }) {
  return (
    <>
      {(runs ?? []).map((r, i) => {
        if (r.href?.startsWith('/')) {
          return (
            <Link key={i} to={r.href}>
              {r.text}
            </Link>
          )
        }
        if (r.href) {
          return (
            <a key={i} href={r.href}>
              {r.text}
            </a>
          )
        }
        return r.strong ? <strong key={i}>{r.text}</strong> : <Fragment key={i}>{r.text}</Fragment>
      })}
    </>
  )
}

/** InfoText draws an info page's blocks as headings, paragraphs and lists. */
export function InfoText({ blocks }: { blocks: InfoBlock[] }) {
  return (
    <Body data-testid="info-text">
      {blocks.map((b, i) => {
        switch (b.type) {
          case 'h2':
            return (
              <h2 key={i}>
                <Runs runs={b.text} />
              </h2>
            )
          case 'h3':
            return (
              <h3 key={i}>
                <Runs runs={b.text} />
              </h3>
            )
          case 'ul':
            return (
              <ul key={i}>
                {(b.items ?? []).map((item, j) => (
                  <li key={j}>
                    <Runs runs={item} />
                  </li>
                ))}
              </ul>
            )
          default:
            return (
              <p key={i}>
                <Runs runs={b.text} />
              </p>
            )
        }
      })}
    </Body>
  )
}
