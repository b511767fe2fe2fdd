import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import styled from 'styled-components'
import { NotFoundPage } from '../../app/ErrorPage'
import { Badge } from '../../components/Badge'
import { Button, ButtonLink } from '../../components/Button'
import { Page, Panel } from '../../components/Page'
import { useAppState } from '../../state/context'
import { newLikes } from '../../app/title'
import type { LikeEntry, LikeListType } from '../members/discovery'
import { FictionalLegend } from '../../components/FictionalLegend'
import { CardGrid, LikeButton, ProfileCard } from '../members/ProfileCard'
import { entryPath, LIKE_TABS, likeTypeOf, tabPath } from './likeTypes'
import { useLikeList } from './useLikes'
import { color, radius, space } from '../../theme/theme'

const Tabs = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
  margin: 0 0 ${space(5)};
  padding: 0;
  list-style: none;
  a {
    display: inline-flex;
    align-items: center;
    gap: ${space(2)};
    min-height: 44px;
    padding: ${space(2)} ${space(4)};
    border: 1px solid ${color.border};
    border-radius: ${radius.lg};
    color: ${color.text};
    text-decoration: none;
  }
  a[aria-current='page'] {
    background: ${color.primary};
    border-color: ${color.primary};
    color: ${color.onPrimary};
  }
`

/** EntryActions: like back who liked you, message a match. */
function EntryActions({ type, entry }: { type: LikeListType; entry: LikeEntry }) {
  const { t } = useTranslation()
  if (entry.match || type === 'matches') {
    return (
      <ButtonLink to={`/members/${entry.id}/chat`} $block>
        {t('likesList.message')}
      </ButtonLink>
    )
  }
  return <LikeButton card={entry} idleKey={type === 'liked_by' ? 'likesList.likeBack' : 'discovery.like'} />
}

/** LikesPage: /likes and /likes/{type}: who liked you, whom you liked, your matches. */
export function LikesPage() {
  const { t } = useTranslation()
  const { type: param } = useParams()
  const type = likeTypeOf(param)
  if (!type) return <NotFoundPage />
  return (
    <Page title={t('likes.title')} lead={t('likes.lead')} testId="likes-page">
      <LikeTabs current={type} />
      <LikeList key={type} type={type} />
    </Page>
  )
}

/** MatchesListPage: /matches, the members who like you back, with the likes tabs above. */
export function MatchesListPage() {
  const { t } = useTranslation()
  return (
    <Page title={t('likes.type.matches')} lead={t('likes.matchesLead')} testId="matches-page">
      <LikeTabs current="matches" />
      <LikeList type="matches" />
    </Page>
  )
}

function LikeTabs({ current }: { current: LikeListType }) {
  const { t } = useTranslation()
  const fresh = useAppState((s) => newLikes(s.likes))
  return (
    <nav aria-label={t('likes.tabs')}>
      <Tabs>
        {LIKE_TABS.map((lt) => (
          <li key={lt}>
            <Link to={tabPath(lt)} aria-current={lt === current ? 'page' : undefined} data-testid={`likes-tab-${lt}`}>
              {t(`likesList.tab.${lt}`)}
              {lt === 'liked_by' && fresh > 0 && (
                <Badge aria-label={t('nav.newLikes', { count: fresh })}>{fresh}</Badge>
              )}
            </Link>
          </li>
        ))}
      </Tabs>
    </nav>
  )
}

function LikeList({ type }: { type: LikeListType }) {
  const { t } = useTranslation()
  const { state, reload } = useLikeList(type)
  if (state.status === 'loading') return <p role="status">{t('likesList.loading')}</p>
  if (state.status === 'failed')
    return (
      <Panel role="alert">
        <p>{t('likesList.failed')}</p>
        <Button type="button" $variant="secondary" onClick={reload}>
          {t('discovery.retry')}
        </Button>
      </Panel>
    )
  if (state.data.length === 0) return <Panel data-testid="likes-empty">{t(`likesList.empty.${type}`)}</Panel>
  return (
    <>
      <CardGrid aria-label={t(`likesList.tab.${type}`)} data-testid={`likes-list-${type}`}>
      {state.data.map((e) => (
        <ProfileCard
          key={e.id}
          card={e}
          to={entryPath(type, e.id)}
          marker={e.like_new && type !== 'liked' ? t('likesList.new') : e.match ? t('likesList.match') : undefined}
          actions={<EntryActions type={type} entry={e} />}
        />
      ))}
      </CardGrid>
      {/* below the cards: on a phone the first card's actions stay in view */}
      <FictionalLegend profiles={state.data} />
    </>
  )
}

export { LikeProfilePage } from './LikeProfilePage'
