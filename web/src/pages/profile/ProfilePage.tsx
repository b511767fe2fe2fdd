import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { Button, ButtonLink } from '../../components/Button'
import { Page, Panel } from '../../components/Page'
import { PageLoading } from '../../components/PageLoading'
import { useAppState } from '../../state/context'
import { errorMessage } from '../../api/errors'
import { useOwnProfile } from './hooks'
import { PhotoManager } from './PhotoManager'
import { ProfileDetails, ProfileEditor } from './ProfileForm'

/** ProfilePage: /profile, the member's own profile to view and edit, and the photo manager. */
export function ProfilePage() {
  const { t } = useTranslation()
  const paid = useAppState((s) => !!s.user?.paid_user)
  const profileId = useAppState((s) => s.user?.profile?.id)
  const { load, save, retry } = useOwnProfile()
  const [editing, setEditing] = useState(false)
  const { hash } = useLocation()

  // The profile-photo alert links to /profile#photos: bring the photo manager into view.
  const ready = load.status === 'done'
  useEffect(() => {
    if (!ready || hash !== '#photos') return
    const el = document.getElementById('photos')
    el?.scrollIntoView?.({ block: 'start' })
    el?.querySelector<HTMLElement>('[data-testid="photo-add"]')?.focus()
  }, [ready, hash])

  return (
    <Page title={t('profile.title')} lead={t('profile.lead')} testId="profile-page">
      {load.status === 'loading' && <PageLoading />}
      {load.status === 'failed' && (
        <Panel role="alert">
          <p>{errorMessage(load.error, t('errors.generic'))}</p>
          <Button type="button" onClick={retry}>
            {t('profile.retry')}
          </Button>
        </Panel>
      )}
      {load.status === 'done' && (
        <>
          <PhotoManager initialLimit={load.data.photoLimit} paid={paid} />
          <Panel data-testid="profile-panel">
            <h2>{t('profile.details')}</h2>
            {editing ? (
              <ProfileEditor profile={load.data.profile} options={load.data.options} onSave={save} onDone={() => setEditing(false)} />
            ) : (
              <ProfileDetails profile={load.data.profile} onEdit={() => setEditing(true)} />
            )}
          </Panel>
          {profileId && (
            <ButtonLink to={`/members/${profileId}`} $variant="secondary">
              {t('profile.viewAsOthers')}
            </ButtonLink>
          )}
        </>
      )}
    </Page>
  )
}
