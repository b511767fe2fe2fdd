import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import styled from 'styled-components'
import { LoginPanel } from '../../app/loginPanel'
import { Button } from '../../components/Button'
import { Page, Panel } from '../../components/Page'
import { currentTracking, loggedOutSearchAllowed } from '../../app/tracking'
import { useAppState } from '../../state/context'
import { PageSteps } from './Pagination'
import { FictionalLegend } from '../../components/FictionalLegend'
import { CardGrid, ProfileCard } from './ProfileCard'
import { SearchForm } from './SearchForm'
import { draftOf, FILTER_FIELDS, offeredFields, saveSearch, savedSearch, searchParams, withCursor, type Draft } from './searchQuery'
import { useAutoLike } from './useAutoLike'
import { useSearch } from './useSearch'
import { space } from '../../theme/theme'

const Status = styled.p`
  margin: ${space(4)} 0;
  font-weight: 600;
`

const SubTitle = styled.h2`
  font-size: 1.375rem;
  margin: ${space(6)} 0 ${space(2)};
`

const Results = styled.div<{ $busy: boolean }>`
  opacity: ${(p) => (p.$busy ? 0.6 : 1)};
  transition: opacity 0.15s;
`

/** MembersPage: /members, the member search with its filters, pages and similar members. */
export function MembersPage() {
  const loggedIn = useAppState((s) => !!s.user)
  const settings = useAppState((s) => s.settings)
  if (!loggedIn && !loggedOutSearchAllowed(settings, currentTracking() !== null)) return <LoginPanel />
  return <MemberSearch />
}

function MemberSearch() {
  const { t } = useTranslation()
  const loggedIn = useAppState((s) => !!s.user)
  const searchFields = useAppState((s) => s.settings.search_fields)
  const [params, setParams] = useSearchParams()
  const fields = offeredFields(searchFields?.length ? searchFields : FILTER_FIELDS)
  const state = useSearch(params, fields)
  const navigate = useNavigate()
  useAutoLike()
  const result = state.result
  // An address without a search opens the member's last search.
  const bare = params.size === 0
  useEffect(() => {
    const saved = bare ? savedSearch() : null
    if (saved && saved.size > 0) setParams(saved, { replace: true })
  }, [bare, setParams])
  const onSearch = (d: Draft) => {
    const next = searchParams(d, fields)
    saveSearch(next)
    setParams(next)
  }
  const page = result?.search.page ?? 1
  const nextHref = result?.next ? `/members?${withCursor(params, result.next, page + 1).toString()}` : null

  return (
    <Page title={t('members.title')} lead={t('members.lead')} testId="members-page">
      <SearchForm
        key={`${params.toString()}|${result ? 1 : 0}`}
        initial={draftOf(params, result?.search, result?.age_limits)}
        fields={fields}
        onSearch={onSearch}
        invalid={state.status === 'invalid' ? state.field : undefined}
        unit={result?.distance_unit}
        located={loggedIn}
      />
      <Results $busy={state.status === 'loading'} aria-busy={state.status === 'loading'} data-testid="search-results">
        <Status role="status" data-testid="search-total">
          {state.status === 'failed'
            ? t('discovery.searchFailed')
            : state.status === 'invalid'
              ? state.field === 'distance'
                ? t('discovery.placeUnknown')
                : t('discovery.filterInvalid')
              : result
                ? result.total_capped
                  ? t('discovery.foundCapped', { count: result.total })
                  : t('discovery.found', { count: result.total })
                : t('discovery.searching')}
        </Status>
        {state.status === 'failed' && (
          <Button type="button" $variant="secondary" onClick={() => setParams(new URLSearchParams(params))}>
            {t('discovery.retry')}
          </Button>
        )}
        {result && result.profiles.length > 0 && (
          <CardGrid aria-label={t('discovery.results')}>
            {result.profiles.map((c) => (
              <ProfileCard
                key={c.id}
                card={c}
                distance={c.distance ? t('discovery.away', { n: c.distance, unit: t(result.distance_unit === 'mi' ? 'discovery.unitMi' : 'discovery.unitKm') }) : undefined}
              />
            ))}
          </CardGrid>
        )}
        {result && result.profiles.length === 0 && state.status === 'done' && <Panel>{t('discovery.noResults')}</Panel>}
        {result && <PageSteps page={page} pages={result.pages} nextHref={nextHref} onBack={() => void navigate(-1)} />}
        {/* below the results: on a phone the first card stays in view */}
        {result && <FictionalLegend profiles={[...result.profiles, ...result.similar]} />}
        {result && result.similar.length > 0 && (
          <section aria-labelledby="similar-title" data-testid="similar-results">
            <SubTitle id="similar-title">{t('discovery.similarTitle')}</SubTitle>
            <p>{t('discovery.similarLead')}</p>
            <CardGrid>
              {result.similar.map((c) => (
                <ProfileCard key={c.id} card={c} />
              ))}
            </CardGrid>
          </section>
        )}
        {!loggedIn && result && (
          <Panel>
            <Link to="/signup">{t('discovery.signupToLike')}</Link>
          </Panel>
        )}
      </Results>
    </Page>
  )
}
