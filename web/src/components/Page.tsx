import { useEffect, type ReactNode } from 'react'
import styled from 'styled-components'
import { useServices } from '../state/context'
import { below, color, radius, shadow, space } from '../theme/theme'
import { Container } from './Grid'

/** usePageTitle names the page in the document title. */
export function usePageTitle(title: string | null): void {
  const { store } = useServices()
  useEffect(() => {
    store.set({ pageTitle: title })
    return () => {
      if (store.get().pageTitle === title) store.set({ pageTitle: null })
    }
  }, [store, title])
}

// On phones the title and lead take less room, so a screen's main action is in view.
const Section = styled.section`
  padding: ${space(6)} 0 ${space(10)};
  ${below('md')} {
    padding: ${space(3)} 0 ${space(6)};
  }
`

const Title = styled.h1`
  font-size: 1.75rem;
  color: ${color.text};
  ${below('md')} {
    margin: 0 0 ${space(1)};
    font-size: 1.375rem;
  }
`

export const Lead = styled.p`
  max-width: 65ch;
  margin: 0 0 ${space(5)};
  font-size: 1.125rem;
  color: ${color.textMuted};
  ${below('md')} {
    margin-bottom: ${space(3)};
    font-size: 0.9375rem;
  }
`

export const Panel = styled.div`
  padding: ${space(5)};
  margin-bottom: ${space(4)};
  border: 1px solid ${color.border};
  border-radius: ${radius.card};
  background: ${color.surface};
  box-shadow: ${shadow.card};
`

export interface PageProps {
  title: string
  lead?: ReactNode
  children?: ReactNode
  /** docTitle overrides the document title (defaults to title). */
  docTitle?: string
  testId?: string
}

/** Page is the frame of every page: its title, lead text and content. */
export function Page({ title, lead, children, docTitle, testId }: PageProps) {
  usePageTitle(docTitle ?? title)
  return (
    <Section data-testid={testId}>
      <Container>
        <Title>{title}</Title>
        {lead && <Lead>{lead}</Lead>}
        {children}
      </Container>
    </Section>
  )
}
