import styled from 'styled-components'
import { Container } from '../components/Grid'
import { Logo } from '../nav/Logo'
import { EntryWarning } from './parts/EntryWarning'
import { Later } from './parts/later'
import { Footer } from './parts/pageEndLater'
import { SkipLink } from './parts/SkipLink'
import { Main, Shell } from './Main'
import { color, space } from '../theme/theme'

const LogoBar = styled.header`
  padding: ${space(3)} 0;
  background: ${color.surface};
  border-bottom: 3px solid ${color.primary};
`

/** lander: logo bar and footer (plus the entry warning). */
export function LanderLayout() {
  return (
    <Shell data-layout="lander">
      <SkipLink />
      <EntryWarning />
      <LogoBar data-testid="site-header">
        <Container>
          <Logo />
        </Container>
      </LogoBar>
      <Main />
      <Later part={Footer} />
    </Shell>
  )
}
