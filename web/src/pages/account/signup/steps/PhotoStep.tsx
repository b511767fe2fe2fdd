import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { isAborted } from '../../../../api/http'
import type { OwnPhoto, PhotosAnswer } from '../../../../api/types'
import { upload } from '../../../../api/upload'
import { Label } from '../../../../components/Form'
import { PhotoPicker } from '../../../../components/PhotoPicker'
import { refreshUser } from '../../../../state/refresh'
import { useServices } from '../../../../state/context'
import { accountApi } from '../../api'
import { accountErrorText, type Text } from '../../shared/errors'
import { Notice } from '../../shared/ui'
import type { StepProps } from './types'
import { StepActions } from './StepActions'
import { color } from '../../../../theme/theme'

const Bar = styled.progress`
  width: 100%;
  height: 12px;
  accent-color: ${color.primary};
`

/**
 * PhotoStep uploads the first photo (POST /api/photos.php) as soon as it is
 * chosen, shows the upload's progress and the photo, and lets the member
 * choose another or remove it (DELETE /api/photos.php).
 */
export function PhotoStep({ onNext, onSkip }: StepProps) {
  const { t } = useTranslation()
  const { api, store } = useServices()
  const id = useId()
  const [progress, setProgress] = useState<number | null>(null)
  const [photo, setPhoto] = useState<OwnPhoto | null>(null)
  const [error, setError] = useState<Text | null>(null)
  const [removing, setRemoving] = useState(false)
  const running = useRef<AbortController | null>(null)
  // Leaving the step stops a running upload.
  useEffect(() => () => running.current?.abort(), [])

  const choose = async (file: File) => {
    setError(null)
    setProgress(0)
    running.current?.abort()
    const ctl = new AbortController()
    running.current = ctl
    try {
      const { photos } = await upload<PhotosAnswer>('/api/photos.php', file, { onProgress: setProgress, signal: ctl.signal })
      setPhoto(photos[photos.length - 1] ?? null)
      void refreshUser(api, store).catch(() => {})
    } catch (err) {
      if (isAborted(err)) return
      setError(accountErrorText(err))
    } finally {
      if (!ctl.signal.aborted) setProgress(null)
    }
  }

  const remove = async () => {
    if (!photo) return
    setError(null)
    setRemoving(true)
    try {
      await accountApi(api).removePhoto(photo.id)
      setPhoto(null)
      void refreshUser(api, store).catch(() => {})
    } catch (err) {
      setError(accountErrorText(err))
    } finally {
      setRemoving(false)
    }
  }

  const uploading = progress !== null
  return (
    <div data-testid="signup-step-photo">
      <p>{t('signupFlow.photo.lead')}</p>
      <Notice text={error} testId="signup-error" />
      {photo && <Notice text={photo.status === 'pending' ? ['signupFlow.photo.pending'] : ['signupFlow.photo.done']} tone="success" />}
      {uploading && (
        <>
          <Label htmlFor={`${id}-progress`}>{t('signupFlow.photo.uploading', { percent: Math.round(progress * 100) })}</Label>
          <Bar id={`${id}-progress`} max={1} value={progress} data-testid="upload-progress" />
        </>
      )}
      <PhotoPicker
        label={t('signupFlow.photo.choose')}
        changeLabel={t('signupFlow.photo.another')}
        removeLabel={t('signupFlow.photo.remove')}
        preview={photo && { src: photo.thumb_url || photo.url, alt: t('signupFlow.photo.yours'), testId: 'signup-photo' }}
        onPick={(file) => void choose(file)}
        onRemove={() => void remove()}
        disabled={uploading || removing}
      />
      <StepActions onNext={photo ? onNext : undefined} onSkip={photo ? undefined : onSkip} busy={uploading || removing} />
    </div>
  )
}
