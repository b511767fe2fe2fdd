import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import styled from 'styled-components'
import { useLoad } from '../../api/useLoad'
import { NotFoundPage } from '../../app/ErrorPage'
import { infoPageOf } from '../../app/routePaths'
import type { InfoPage as InfoPageName } from '../../app/routeTable'
import { Page } from '../../components/Page'
import { TradeName } from '../../layouts/parts/TradeName'
import { errorMessage } from '../../api/errors'
import { useServices } from '../../state/context'
import { infoPageApi } from './api'
import { InfoText } from './InfoText'
import { color } from '../../theme/theme'

const KEYS: Record<InfoPageName, string> = {
  ban: 'ban',
  cookies: 'cookies',
  faq: 'faq',
  privacy: 'privacy',
  'return-policy': 'returnPolicy',
  service: 'service',
  terms: 'terms',
}

const Failed = styled.p`
  color: ${color.danger};
`

/**
 * InfoPage: the info pages, at /pages/{name} and at /{token}. The engine
 * writes their text for the brand and language (tenants/README.md, Info
 * pages); the page draws it.
 */
export function InfoPage() {
  const { t, i18n } = useTranslation()
  const { pathname } = useLocation()
  const { api } = useServices()
  const calls = useMemo(() => infoPageApi(api.http), [api])
  const page = infoPageOf(pathname)
  const lang = i18n.language
  const { state } = useLoad(page ? `${page}|${lang}` : null, (signal) => calls.page(page ?? '', lang, signal))
  if (!page) return <NotFoundPage />
  const text = state.status === 'done' ? state.data : null
  return (
    <Page title={text?.title ?? t(`footer.${KEYS[page]}`)} testId={`info-${page}`}>
      <div aria-busy={state.status === 'loading'} data-testid="info-body" data-lang={text?.lang}>
        {text && <InfoText blocks={text.blocks} />}
        {state.status === 'failed' && <Failed role="alert">{errorMessage(state.error, t('errors.generic'))}</Failed>}
      </div>
      <TradeName testId="info-trade-name" />
    </Page>
  )
}
