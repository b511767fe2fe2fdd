import { useTranslation } from 'react-i18next'
import { NavLink, useParams } from 'react-router'
import styled from 'styled-components'
import { NotFoundPage } from '../../app/ErrorPage'
import { Page, Panel } from '../../components/Page'
import { useAppState } from '../../state/context'

/** The tabs of /likes/{type}; /likes is the first. */
export const LIKE_TYPES = ['liked-me', 'mine', 'matches'] as const

const Tabs = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${(p) => p.theme.space(2)};
  margin: 0 0 ${(p) => p.theme.space(5)};
  padding: 0;
  list-style: none;
  a {
    display: inline-block;
    padding: ${(p) => p.theme.space(2)} ${(p) => p.theme.space(4)};
    border: 1px solid ${(p) => p.theme.colors.border};
    border-radius: ${(p) => p.theme.radii.lg};
    color: ${(p) => p.theme.colors.text};
    text-decoration: none;
  }
  a.active {
    background: ${(p) => p.theme.colors.primary};
    border-color: ${(p) => p.theme.colors.primary};
    color: ${(p) => p.theme.colors.onPrimary};
  }
`

/** LikesPage: /likes and /likes/{type}. */
export function LikesPage() {
  const { t } = useTranslation()
  const { type = 'liked-me' } = useParams()
  const likes = useAppState((s) => s.likes)
  if (!(LIKE_TYPES as readonly string[]).includes(type)) return <NotFoundPage />
  const count = type === 'liked-me' ? likes.liked_by.length : type === 'mine' ? likes.profiles.length : 0
  return (
    <Page title={t('likes.title')} lead={t('likes.lead')}>
      <nav aria-label={t('likes.tabs')}>
        <Tabs>
          {LIKE_TYPES.map((lt) => (
            <li key={lt}>
              <NavLink to={lt === 'liked-me' ? '/likes' : `/likes/${lt}`} end>
                {t(`likes.type.${lt}`)}
              </NavLink>
            </li>
          ))}
        </Tabs>
      </nav>
      {count === 0 && <Panel>{t(`likes.empty.${type}`)}</Panel>}
    </Page>
  )
}

/** LikeProfilePage: /likes/m/{id}, a member who liked you. */
export function LikeProfilePage() {
  const { t } = useTranslation()
  const { id } = useParams()
  return (
    <Page title={t('likes.profileTitle')} lead={t('likes.profileLead')}>
      <NavLink to={`/members/${id}`}>{t('likes.viewProfile')}</NavLink>
    </Page>
  )
}
