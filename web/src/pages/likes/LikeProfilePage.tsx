import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import styled from 'styled-components'
import { NotFoundPage } from '../../app/ErrorPage'
import { ApiError } from '../../api/http'
import { ButtonLink } from '../../components/Button'
import { Page, Panel } from '../../components/Page'
import { photoOf } from '../members/discovery'
import { LikeButton, placeOf } from '../members/ProfileCard'
import { useLiker } from './useLikes'
import { breakpoints, radius, space } from '../../theme/theme'

const Layout = styled.div`
  display: grid;
  gap: ${space(5)};
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: ${breakpoints.md}px) {
    grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
  }
`

const MainPhoto = styled.img`
  display: block;
  width: 100%;
  aspect-ratio: 3 / 4;
  object-fit: cover;
  border-radius: ${radius.lg};
`

const Thumbs = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
  margin: ${space(3)} 0 0;
  padding: 0;
  list-style: none;
  img {
    width: 72px;
    height: 72px;
    object-fit: cover;
    border-radius: ${radius.sm};
  }
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(3)};
  margin: ${space(4)} 0;
  > * {
    flex: 0 1 auto;
    min-width: 160px;
  }
`

const About = styled.p`
  white-space: pre-line;
`

/** LikeProfilePage: /likes/m/{id}, a member from the likes view; opening it clears the new-like flag. */
export function LikeProfilePage() {
  const { t } = useTranslation()
  const { id } = useParams()
  const state = useLiker(Number(id))
  if (state.status === 'failed') {
    const err = state.error
    if (err instanceof ApiError && err.statusCode === 404) return <NotFoundPage />
    return (
      <Page title={t('likes.profileTitle')}>
        <Panel role="alert">
          {err instanceof ApiError && err.code === 'blocked'
            ? t('discovery.likeError.blocked', { name: typeof err.fields.name === 'string' ? err.fields.name : '' })
            : t('likesList.failed')}
        </Panel>
        <Link to="/likes">{t('likesList.back')}</Link>
      </Page>
    )
  }
  if (state.status === 'loading')
    return (
      <Page title={t('likes.profileTitle')}>
        <p role="status">{t('likesList.loading')}</p>
      </Page>
    )
  const p = state.data.profile
  const main = photoOf(p.main_image, true)
  const others = (p.photos ?? []).filter((ph) => ph.id !== p.main_image?.id)
  const place = placeOf(p)
  return (
    <Page title={p.age ? t('discovery.nameAge', { name: p.name, age: p.age }) : p.name} lead={place || undefined} testId="like-profile-page">
      <Layout>
        <div>
          {main && <MainPhoto src={main} alt={t('likesList.photoOf', { name: p.name })} />}
          {others.length > 0 && (
            <Thumbs aria-label={t('likesList.photos')}>
              {others.map((ph, i) => (
                <li key={ph.id ?? i}>
                  <img src={photoOf(ph) ?? ''} alt={t('likesList.photoOf', { name: p.name })} loading="lazy" />
                </li>
              ))}
            </Thumbs>
          )}
          {(p.photos_hidden ?? 0) > 0 && <p>{t('likesList.photosHidden', { count: p.photos_hidden })}</p>}
        </div>
        <div>
          <Actions>
            <LikeButton card={p} idleKey="likesList.likeBack" />
            <ButtonLink to={`/members/${p.id}/chat`} $variant="secondary">
              {t('likesList.message')}
            </ButtonLink>
          </Actions>
          {p.about_me && <About>{p.about_me}</About>}
          <p>
            <Link to={`/members/${p.id}`}>{t('likesList.fullProfile')}</Link>
          </p>
          <p>
            <Link to="/likes">{t('likesList.back')}</Link>
          </p>
        </div>
      </Layout>
    </Page>
  )
}
