import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import styled from 'styled-components'
import { LoginPanel } from '../../app/loginPanel'
import { useFictionalTexts } from '../../components/fictional'
import { ButtonLink } from '../../components/Button'
import { Icon } from '../../components/Icon'
import { fictionalIcon } from '../../components/iconSets'
import { Page, Panel } from '../../components/Page'
import { PageLoading } from '../../components/PageLoading'
import { ProfileNote } from '../../components/ProfileNote'
import { useAppState } from '../../state/context'
import { ActivityLabel } from '../members/ActivityLabel'
import type { MemberProfile } from './api'
import { Gallery } from './Gallery'
import { useMember } from './hooks'
import { MemberActions } from './MemberActions'
import { DETAIL_FIELDS, galleryPhotos, lockOf, parseId } from './rules'
import { breakpoints, color, space } from '../../theme/theme'

const Layout = styled.div`
  display: grid;
  gap: ${space(5)};
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: ${breakpoints.md}px) {
    grid-template-columns: minmax(0, 5fr) minmax(0, 7fr);
  }
`

const Marker = styled.p`
  display: inline-flex;
  align-items: center;
  gap: ${space(2)};
  padding: ${space(1)} ${space(3)};
  border-radius: 999px;
  background: ${color.info};
  color: ${color.onInfo};
  font-size: 0.875rem;
  font-weight: 600;
`

const Sub = styled.p`
  margin: 0;
  color: ${color.textMuted};
`

const Details = styled.dl`
  display: grid;
  grid-template-columns: minmax(120px, max-content) 1fr;
  gap: ${space(2)} ${space(4)};
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
`

const Row = styled.div`
  display: contents;
`

const About = styled.p`
  white-space: pre-line;
`

/** FictionalMarker: the settings' fictional-profile marker on a house profile. */
function FictionalMarker() {
  const icon = fictionalIcon(useAppState((s) => s.settings.fictional_icon))
  const { singular, warning } = useFictionalTexts()
  if (!singular && !warning) return null
  return (
    <Marker data-testid="fictional-marker" title={warning || undefined}>
      {icon && <Icon icon={icon} />}
      <span>{singular || warning}</span>
    </Marker>
  )
}

function MemberDetails({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation()
  const value = (f: (typeof DETAIL_FIELDS)[number]): string => {
    if (f === 'age') return profile.age ? String(profile.age) : ''
    if (f === 'region') return profile.region_name || profile.region || ''
    if (f === 'city') return profile.city ?? ''
    const v = profile[f]
    return v ? t(`profile.options.${f}.${v}`, { defaultValue: v.replace(/_/g, ' ') }) : ''
  }
  const rows = DETAIL_FIELDS.map((f) => [f, value(f)] as const).filter(([, v]) => v !== '')
  if (rows.length === 0) return null
  return (
    <Details data-testid="member-details">
      {rows.map(([f, v]) => (
        <Row key={f}>
          <dt>{t(`profile.fields.${f}`)}</dt>
          <dd>{v}</dd>
        </Row>
      ))}
    </Details>
  )
}

function MemberView({ profile, patch }: { profile: MemberProfile; patch: (p: Partial<MemberProfile>) => void }) {
  const { t } = useTranslation()
  const viewer = useAppState((s) => s.user)
  const own = viewer?.profile?.id === profile.id
  const photos = galleryPhotos(profile.main_image, profile.photos)
  const gender = profile.gender ? t(`profile.options.gender.${profile.gender}`, { defaultValue: profile.gender }) : ''
  const sub = [profile.age ? t('member.age', { age: profile.age }) : '', gender, profile.city || profile.region_name || ''].filter(Boolean).join(' · ')
  return (
    <Page title={profile.name} docTitle={t('member.docTitle', { name: profile.name })} testId="member-page">
      <Layout>
        <Gallery name={profile.name} photos={photos} hidden={profile.photos_hidden} lock={lockOf(profile.photos_hidden, !!viewer)} loginTo="/login" />
        <div>
          {profile.is_house && <FictionalMarker />}
          {sub && <Sub>{sub}</Sub>}
          <ActivityLabel activity={profile} />
          {own ? (
            <ButtonLink to="/profile" $variant="secondary">
              {t('member.editOwn')}
            </ButtonLink>
          ) : viewer ? (
            <>
              <MemberActions profile={profile} patch={patch} />
              <ProfileNote profileId={profile.id} name={profile.name} note={profile.note ?? null} />
            </>
          ) : (
            <Panel data-testid="member-visitor">
              <p>{t('member.visitorLead', { name: profile.name })}</p>
              <ButtonLink to="/login">{t('member.login')}</ButtonLink>{' '}
              <ButtonLink to={`/members/${profile.id}/signup`} $variant="secondary">
                {t('member.signup')}
              </ButtonLink>
            </Panel>
          )}
          {profile.about_me && (
            <>
              <h2>{t('member.about', { name: profile.name })}</h2>
              <About data-testid="member-about">{profile.about_me}</About>
            </>
          )}
          <MemberDetails profile={profile} />
        </div>
      </Layout>
    </Page>
  )
}

/** MemberPage: /members/{id}, another member's profile. */
export function MemberPage() {
  const { t } = useTranslation()
  const params = useParams()
  const viewerId = useAppState((s) => s.user?.id ?? null)
  const { load, patch } = useMember(parseId(params.id), viewerId)

  if (load.state === 'loading') return <PageLoading />
  if (load.state === 'ready') return <MemberView profile={load.profile} patch={patch} />
  const f = load.failure
  if (f.kind === 'login') return <LoginPanel />
  return (
    <Page title={t('member.title')} testId="member-page">
      <Panel role="alert" data-testid={`member-${f.kind}`}>
        {f.kind === 'blocked' && t('member.blocked', { name: f.name })}
        {f.kind === 'notFound' && t('errors.notFound')}
        {f.kind === 'error' && (f.message || t('errors.generic'))}
      </Panel>
      <ButtonLink to="/members" $variant="secondary">
        {t('member.backToSearch')}
      </ButtonLink>
    </Page>
  )
}
