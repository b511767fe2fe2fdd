import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { isAborted } from '../../../../api/http'
import type { Image, PhotosAnswer } from '../../../../api/types'
import { upload } from '../../../../api/upload'
import { Label } from '../../../../components/Form'
import { refreshUser } from '../../../../state/refresh'
import { useServices } from '../../../../state/context'
import { accountErrorText, type Text } from '../../shared/errors'
import { Notice } from '../../shared/ui'
import type { StepProps } from './types'
import { StepActions } from './StepActions'

const Thumb = styled.img`
  display: block;
  width: 160px;
  height: 160px;
  object-fit: cover;
  margin: ${(p) => p.theme.space(3)} 0;
  border-radius: ${(p) => p.theme.radii.md};
`

const Bar = styled.progress`
  width: 100%;
  height: 12px;
  accent-color: ${(p) => p.theme.colors.primary};
`

const Picker = styled.div`
  margin: ${(p) => p.theme.space(3)} 0;
  input {
    display: block;
    margin-top: ${(p) => p.theme.space(2)};
  }
`

/** PhotoStep uploads the first photo (POST /api/photos.php) and shows the upload's progress. */
export function PhotoStep({ onNext, onSkip }: StepProps) {
  const { t } = useTranslation()
  const { api, store } = useServices()
  const id = useId()
  const [progress, setProgress] = useState<number | null>(null)
  const [photo, setPhoto] = useState<Image | null>(null)
  const [error, setError] = useState<Text | null>(null)
  const running = useRef<AbortController | null>(null)
  // Leaving the step stops a running upload.
  useEffect(() => () => running.current?.abort(), [])

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
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

  const uploading = progress !== null
  return (
    <div data-testid="signup-step-photo">
      <p>{t('signupFlow.photo.lead')}</p>
      <Notice text={error} testId="signup-error" />
      {photo && (
        <>
          <Thumb src={photo.thumb_url || photo.url} alt={t('signupFlow.photo.yours')} data-testid="signup-photo" />
          <Notice text={photo.status === 'pending' ? ['signupFlow.photo.pending'] : ['signupFlow.photo.done']} tone="success" />
        </>
      )}
      {uploading && (
        <>
          <Label htmlFor={`${id}-progress`}>{t('signupFlow.photo.uploading', { percent: Math.round(progress * 100) })}</Label>
          <Bar id={`${id}-progress`} max={1} value={progress} data-testid="upload-progress" />
        </>
      )}
      <Picker>
        <Label htmlFor={`${id}-file`}>{photo ? t('signupFlow.photo.another') : t('signupFlow.photo.choose')}</Label>
        <input id={`${id}-file`} type="file" accept="image/jpeg,image/png,image/webp,image/gif" disabled={uploading} onChange={choose} />
      </Picker>
      <StepActions onNext={photo ? onNext : undefined} onSkip={photo ? undefined : onSkip} busy={uploading} />
    </div>
  )
}
