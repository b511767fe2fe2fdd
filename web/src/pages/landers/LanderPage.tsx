import { useTranslation } from 'react-i18next'
import { useLocation, useParams } from 'react-router'
import styled from 'styled-components'
import { NICHES } from '../../app/routeTable'
import { ButtonLink } from '../../components/Button'
import { Container } from '../../components/Grid'
import { usePageTitle } from '../../components/Page'
import { useAppState } from '../../state/context'
import { color, space } from '../../theme/theme'

const Hero = styled.section`
  padding: ${space(16)} 0;
  text-align: center;
  background: ${color.primary};
  color: ${color.onPrimary};
  h1 {
    font-size: clamp(2rem, 6vw, 3.25rem);
  }
  p {
    font-size: 1.25rem;
  }
  a {
    margin-top: ${space(6)};
    background: ${color.surface};
    border-color: ${color.surface};
    color: ${color.primary};
  }
`

/** nicheName is the lander niche (1 to 7) of a tenant. */
export const nicheName = (niche: number): (typeof NICHES)[number] => NICHES[niche - 1] ?? 'default'

/** LanderPage: the affiliate landers and the member landings, in the lander layout. */
export function LanderPage() {
  const { t } = useTranslation()
  const { id } = useParams()
  const { pathname, search } = useLocation()
  const name = useAppState((s) => s.tenant.name)
  const niche = nicheName(useAppState((s) => s.settings.niche))
  usePageTitle(t('landers.title', { name }))
  const signup = (id ? `/members/${id}/signup` : '/signup') + search
  return (
    <Hero data-testid="lander" data-niche={niche} data-lander={pathname}>
      <Container>
        <h1>{t('landers.title', { name })}</h1>
        <p>{t(`landers.niche.${niche}`)}</p>
        <ButtonLink to={signup}>{t('landers.cta')}</ButtonLink>
      </Container>
    </Hero>
  )
}
