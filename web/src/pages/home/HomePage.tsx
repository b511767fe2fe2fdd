import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import styled from 'styled-components'
import { isDesktop } from '../../app/hooks'
import { ButtonLink } from '../../components/Button'
import { Container } from '../../components/Grid'
import { usePageTitle } from '../../components/Page'
import { useAppState, useServices } from '../../state/context'

const Hero = styled.section`
  padding: ${(p) => p.theme.space(16)} 0;
  background: ${(p) => p.theme.colors.primary};
  color: ${(p) => p.theme.colors.onPrimary};
  h1 {
    font-size: clamp(2rem, 5vw, 3rem);
  }
  p {
    max-width: 40rem;
    font-size: 1.25rem;
  }
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${(p) => p.theme.space(3)};
  margin-top: ${(p) => p.theme.space(6)};
  a {
    background: ${(p) => p.theme.colors.surface};
    color: ${(p) => p.theme.colors.primary};
    border-color: ${(p) => p.theme.colors.surface};
  }
`

/** HomePage welcomes visitors; members go straight to the search. */
export function HomePage() {
  const { t } = useTranslation()
  const { store } = useServices()
  const user = useAppState((s) => s.user)
  const name = useAppState((s) => s.tenant.name)
  const description = useAppState((s) => s.settings.description)
  usePageTitle(null)
  if (user) return <Navigate to="/members" replace />
  return (
    <Hero data-testid="home-hero">
      <Container>
        <h1>{t('home.title', { name })}</h1>
        <p>{description || t('home.lead')}</p>
        <Actions>
          <ButtonLink
            to="/signup"
            onClick={(e) => {
              if (isDesktop()) {
                e.preventDefault()
                store.set({ signup: { open: true, inProgress: false } })
              }
            }}
          >
            {t('home.signup')}
          </ButtonLink>
          <ButtonLink to="/login" $variant="secondary">
            {t('home.login')}
          </ButtonLink>
        </Actions>
      </Container>
    </Hero>
  )
}
