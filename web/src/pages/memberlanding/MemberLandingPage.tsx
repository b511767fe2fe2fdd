import type { ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useLocation, useParams } from 'react-router'
import styled from 'styled-components'
import { ButtonLink } from '../../components/Button'
import { Container } from '../../components/Grid'
import { Panel, usePageTitle } from '../../components/Page'
import { PageLoading } from '../../components/PageLoading'
import { useAppState } from '../../state/context'
import { below, space } from '../../theme/theme'
import { parseId } from '../member/rules'
import { ChatPreview } from './designs/ChatPreview'
import { MatchCard } from './designs/MatchCard'
import { Spotlight } from './designs/Spotlight'
import type { DesignProps } from './parts'
import { designOf, signupPath, variantOf, type Design } from './rules'
import { useLanding } from './useLanding'

const designs: Record<Design, ComponentType<DesignProps>> = { spotlight: Spotlight, chat: ChatPreview, match: MatchCard }

const Section = styled.section`
  padding: ${space(8)} 0 ${space(10)};
  ${below('md')} {
    padding: ${space(4)} 0 ${space(6)};
  }
`

const Message = styled(Panel)`
  max-width: 560px;
  margin: 0 auto;
  text-align: center;
  h1 {
    font-size: 1.5rem;
  }
`

/** Unavailable is the friendly page of a member a landing may not show: gone, hidden, invisible, or not for visitors here. */
function Unavailable({ kind, to, site }: { kind: 'notFound' | 'locked'; to: string; site: string }) {
  const { t } = useTranslation()
  const title = t(`memberLanding.${kind}.title`, { site })
  usePageTitle(title)
  return (
    <Message data-testid={`landing-${kind}`}>
      <h1>{title}</h1>
      <p>{t(`memberLanding.${kind}.text`, { site })}</p>
      <ButtonLink to={to} data-testid="landing-cta">
        {t(`memberLanding.${kind}.cta`)}
      </ButtonLink>
    </Message>
  )
}

/**
 * MemberLandingPage: an affiliate's landing around one member
 * (/members/{id}/landing, /landing2/{slug?}, /landing3/{slug?}), in the
 * lander layout. The route picks the design, the slug the copy variant; the
 * button leads to the member's signup, whose first step writes to them. The
 * member is what member-landing.php shows a visitor; a member it does not
 * show gets a friendly page that still leads to the signup. Members are
 * logged in already: they go to the member's profile.
 */
export function MemberLandingPage() {
  const { t } = useTranslation()
  const { id: rawId, slug } = useParams()
  const { pathname, search } = useLocation()
  const site = useAppState((s) => s.tenant.name)
  const loggedIn = useAppState((s) => !!s.user)
  const id = parseId(rawId)
  const load = useLanding(loggedIn ? null : id)
  const design = designOf(pathname)
  const Design = designs[design]
  const ready = load.state === 'ready' ? load.profile : null
  usePageTitle(ready ? t('memberLanding.docTitle', { name: ready.name, site }) : null)

  if (loggedIn && id !== null) return <Navigate to={`/members/${id}`} replace />
  let body
  if (load.state === 'loading') body = <PageLoading />
  else if (load.state === 'ready')
    body = <Design profile={load.profile} copy={`memberLanding.${design}.${variantOf(slug)}`} signup={signupPath(load.profile.id, search)} site={site} />
  else if (load.failure.kind === 'login')
    // The tenant shows members to visitors with a traffic source only: the
    // landing cannot show who, but the signup still writes to them.
    body = <Unavailable kind="locked" to={signupPath(id ?? 0, search)} site={site} />
  else body = <Unavailable kind="notFound" to={`/signup${search}`} site={site} />
  return (
    <Section data-testid="member-landing" data-design={design} data-variant={variantOf(slug)}>
      <Container>{body}</Container>
    </Section>
  )
}
